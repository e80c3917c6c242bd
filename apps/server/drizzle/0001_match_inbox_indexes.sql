DROP INDEX "match_events_user_type_idx";--> statement-breakpoint
DROP INDEX "matches_pending_idx";--> statement-breakpoint
DROP INDEX "matches_rejected_idx";--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "match_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
UPDATE "match_players" SET "match_status" = "matches"."approval_status" FROM "matches" WHERE "matches"."id" = "match_players"."match_id";--> statement-breakpoint
UPDATE "matches" SET "total_matches" = "team1_score" + "team2_score" WHERE "total_matches" < "team1_score" + "team2_score";--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_user_type_key" ON "match_events" USING btree ("user_id","type","match_id");--> statement-breakpoint
CREATE INDEX "match_players_user_pending_idx" ON "match_players" USING btree ("user_id","match_date" DESC NULLS LAST,"match_id" DESC NULLS LAST) WHERE "match_players"."match_status" = 'pending';--> statement-breakpoint
CREATE INDEX "match_players_user_rejected_idx" ON "match_players" USING btree ("user_id","match_date" DESC NULLS LAST,"match_id" DESC NULLS LAST) WHERE "match_players"."match_status" = 'rejected';--> statement-breakpoint
CREATE INDEX "matches_creator_rejected_idx" ON "matches" USING btree ("created_by","match_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "matches"."approval_status" = 'rejected';--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_match_status_check" CHECK ("match_players"."match_status" in ('pending', 'approved', 'rejected', 'cancelled'));--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_total_check" CHECK ("matches"."total_matches" >= "matches"."team1_score" + "matches"."team2_score");