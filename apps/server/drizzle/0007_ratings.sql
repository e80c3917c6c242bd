CREATE TABLE "rating_history" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
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
	"last_played_at" timestamp with time zone NOT NULL,
	"last_match_id" integer NOT NULL,
	CONSTRAINT "ratings_scope_user_id_pk" PRIMARY KEY("scope","user_id")
);
--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_history" ADD CONSTRAINT "rating_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_history_user_idx" ON "rating_history" USING btree ("user_id","played_at","match_id");--> statement-breakpoint
CREATE INDEX "rating_history_played_idx" ON "rating_history" USING btree ("played_at","match_id");--> statement-breakpoint
CREATE INDEX "ratings_rank_idx" ON "ratings" USING btree ("scope","rating" DESC NULLS LAST,"user_id");--> statement-breakpoint
-- Every change that can change a rating queues its match: a match approved when recorded, one
-- becoming approved, an approved one annulled or corrected (scores, date, season). The process
-- holding the rating lock empties the queue after the commit (apps/server/src/ratings).
CREATE FUNCTION "rating_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.approval_status = 'approved')
     OR (TG_OP = 'UPDATE'
         AND (OLD.approval_status = 'approved' OR NEW.approval_status = 'approved')
         AND (OLD.approval_status, OLD.team1_score, OLD.team2_score, OLD.match_date, OLD.season_id)
             IS DISTINCT FROM
             (NEW.approval_status, NEW.team1_score, NEW.team2_score, NEW.match_date, NEW.season_id)) THEN
    INSERT INTO rating_queue (match_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "matches_rating_enqueue" AFTER INSERT OR UPDATE ON "matches"
  FOR EACH ROW EXECUTE FUNCTION "rating_enqueue"();--> statement-breakpoint
-- The matches approved before the rating existed are rated by the first process to start.
INSERT INTO rating_queue (match_id) SELECT id FROM matches WHERE approval_status = 'approved';
