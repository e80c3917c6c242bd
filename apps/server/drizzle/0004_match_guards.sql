ALTER TABLE "match_events" DROP CONSTRAINT "match_events_type_check";--> statement-breakpoint
CREATE INDEX "matches_creator_created_idx" ON "matches" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "matches_rejected_since_idx" ON "matches" USING btree ("approval_updated_at") WHERE "matches"."approval_status" = 'rejected';--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_type_check" CHECK ("match_events"."type" in ('created', 'approved', 'rejected', 'cancelled', 'rejection_accepted', 'closed', 'expired'));