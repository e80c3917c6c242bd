CREATE TABLE "ranking_sizes" (
	"season_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"lines" integer NOT NULL,
	CONSTRAINT "ranking_sizes_season_id_store_id_pk" PRIMARY KEY("season_id","store_id"),
	CONSTRAINT "ranking_sizes_lines_check" CHECK ("ranking_sizes"."lines" >= 0)
);
--> statement-breakpoint
-- Lines added to the standings (an approval's new players, the rebuild): counted per ranking,
-- taken in key order as every writer takes them, so concurrent writers never deadlock.
CREATE FUNCTION "ranking_sizes_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ranking_sizes" AS r ("season_id", "store_id", "lines")
  SELECT "season_id", "store_id", count(*)::int FROM added
   GROUP BY "season_id", "store_id" ORDER BY "season_id", "store_id"
  ON CONFLICT ("season_id", "store_id") DO UPDATE SET "lines" = r."lines" + excluded."lines";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "standings_lines_added" AFTER INSERT ON "standings"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "ranking_sizes_added"();--> statement-breakpoint
-- Lines removed (an annulment's last match, the rebuild, a season or a user deleted): the rows
-- locked in key order first, then counted down; a ranking left with no line loses its row.
CREATE FUNCTION "ranking_sizes_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "ranking_sizes" r
   WHERE (r."season_id", r."store_id") IN (SELECT "season_id", "store_id" FROM removed)
   ORDER BY r."season_id", r."store_id" FOR UPDATE;
  UPDATE "ranking_sizes" r SET "lines" = r."lines" - d.n
    FROM (SELECT "season_id", "store_id", count(*)::int AS n FROM removed GROUP BY "season_id", "store_id") d
   WHERE r."season_id" = d."season_id" AND r."store_id" = d."store_id";
  DELETE FROM "ranking_sizes" r
   WHERE r."lines" = 0 AND (r."season_id", r."store_id") IN (SELECT "season_id", "store_id" FROM removed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "standings_lines_removed" AFTER DELETE ON "standings"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "ranking_sizes_removed"();--> statement-breakpoint
CREATE FUNCTION "ranking_sizes_cleared"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ranking_sizes";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "standings_cleared" AFTER TRUNCATE ON "standings"
  FOR EACH STATEMENT EXECUTE FUNCTION "ranking_sizes_cleared"();--> statement-breakpoint
-- The lines of the rankings there are before this migration.
INSERT INTO "ranking_sizes" ("season_id", "store_id", "lines")
SELECT "season_id", "store_id", count(*)::int FROM "standings" GROUP BY "season_id", "store_id";
