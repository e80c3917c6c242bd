CREATE TABLE "rating_history" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rated_order" bigint NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"rating" integer NOT NULL,
	"matches" integer NOT NULL,
	CONSTRAINT "rating_history_match_id_user_id_pk" PRIMARY KEY("match_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rating_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"scope" integer NOT NULL,
	"user_id" integer NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"rating" integer NOT NULL,
	"matches" integer NOT NULL,
	"last_order" bigint NOT NULL,
	CONSTRAINT "ratings_scope_user_id_pk" PRIMARY KEY("scope","user_id")
);
--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "rated_order" bigint;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_history_user_idx" ON "rating_history" USING btree ("user_id","rated_order");--> statement-breakpoint
CREATE INDEX "rating_history_order_idx" ON "rating_history" USING btree ("rated_order");--> statement-breakpoint
CREATE INDEX "ratings_rank_idx" ON "ratings" USING btree ("scope","rating" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "matches_rated_order_idx" ON "matches" USING btree ("rated_order") WHERE "matches"."approval_status" = 'approved';--> statement-breakpoint
-- The order ratings are computed in: a match takes the next number when it becomes approved
-- (recorded approved, or its last approval), and loses it if it stops being approved.
CREATE SEQUENCE "rating_order";--> statement-breakpoint
CREATE FUNCTION "rating_order_assign"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.approval_status = 'approved' AND (TG_OP = 'INSERT' OR OLD.approval_status <> 'approved') THEN
    NEW.rated_order := nextval('rating_order');
  ELSIF NEW.approval_status <> 'approved' THEN
    NEW.rated_order := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "matches_rating_order" BEFORE INSERT OR UPDATE OF "approval_status" ON "matches"
  FOR EACH ROW EXECUTE FUNCTION "rating_order_assign"();--> statement-breakpoint
-- Every change that can change a rating queues its match: one becoming approved, an approved one
-- annulled or corrected (scores, season, its place). The process holding the rating lock empties
-- the queue after the commit (apps/server/src/ratings).
CREATE FUNCTION "rating_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.approval_status = 'approved')
     OR (TG_OP = 'UPDATE'
         AND (OLD.approval_status = 'approved' OR NEW.approval_status = 'approved')
         AND (OLD.approval_status, OLD.team1_score, OLD.team2_score, OLD.season_id, OLD.rated_order)
             IS DISTINCT FROM
             (NEW.approval_status, NEW.team1_score, NEW.team2_score, NEW.season_id, NEW.rated_order)) THEN
    INSERT INTO rating_queue (match_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "matches_rating_enqueue" AFTER INSERT OR UPDATE ON "matches"
  FOR EACH ROW EXECUTE FUNCTION "rating_enqueue"();--> statement-breakpoint
-- The matches approved before the rating existed take their places in the order they were
-- played (and are queued by the trigger above), to be rated by the first process to start.
UPDATE "matches" SET "rated_order" = o.n
  FROM (SELECT id, row_number() OVER (ORDER BY match_date, id) AS n FROM matches WHERE approval_status = 'approved') o
 WHERE matches.id = o.id;--> statement-breakpoint
SELECT setval('rating_order', COALESCE(MAX(rated_order), 0) + 1, false) FROM matches;
