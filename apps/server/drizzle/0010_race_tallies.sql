CREATE TABLE "race_tallies" (
	"season_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"race" text NOT NULL,
	"appearances" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "race_tallies_season_id_store_id_user_id_race_pk" PRIMARY KEY("season_id","store_id","user_id","race"),
	CONSTRAINT "race_tallies_counts_check" CHECK ("race_tallies"."appearances" >= 0 and "race_tallies"."wins" >= 0 and "race_tallies"."wins" <= "race_tallies"."appearances" and "race_tallies"."leads" >= 0 and "race_tallies"."leads" <= "race_tallies"."appearances")
);
--> statement-breakpoint
ALTER TABLE "race_tallies" ADD CONSTRAINT "race_tallies_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_tallies" ADD CONSTRAINT "race_tallies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The tallies of the matches approved before this migration, as rankings/rebuild computes them.
INSERT INTO "race_tallies" ("season_id", "store_id", "user_id", "race", "appearances", "wins", "leads")
SELECT m.season_id, s.store_id, p.user_id, p.deck_raza, count(*)::int,
       count(*) FILTER (WHERE CASE WHEN p.team = 1 THEN m.team1_score > m.team2_score
                                  ELSE m.team2_score > m.team1_score END)::int,
       count(*) FILTER (WHERE p.user_id = (SELECT min(q.user_id) FROM match_players q WHERE q.match_id = p.match_id))::int
  FROM matches m
  JOIN match_players p ON p.match_id = m.id
 CROSS JOIN LATERAL (VALUES (0), (m.store_id)) s(store_id)
 WHERE m.approval_status = 'approved' AND m.season_id IS NOT NULL AND s.store_id IS NOT NULL
 GROUP BY m.season_id, s.store_id, p.user_id, p.deck_raza;
