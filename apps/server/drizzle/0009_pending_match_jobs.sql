-- Decision 020: every match recorded pending gets its timer in the transaction that records it,
-- whoever writes it (the API, a tournament's pairings, the demo seeder). The job starts due at
-- once at step 0: the first process to poll it plans its reminders and final rule from the
-- delays it is configured with (REMINDER_FIRST_HOURS…), which the database does not know. A match
-- that stops being pending keeps its job until it is due, when the job finds it so and deletes
-- itself: deleting it here would take the job's lock while holding the match's, the opposite
-- order of the runner, which holds the job's and then takes the match's.
CREATE FUNCTION "pending_match_job"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO scheduled_jobs (kind, match_id, run_at, step)
  VALUES ('pending-match', NEW.id, NEW.created_at, 0)
  ON CONFLICT (kind, match_id) DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "matches_pending_job" AFTER INSERT ON "matches"
  FOR EACH ROW WHEN (NEW.approval_status = 'pending') EXECUTE FUNCTION "pending_match_job"();--> statement-breakpoint
-- The matches already waiting when this ran get theirs too.
INSERT INTO scheduled_jobs (kind, match_id, run_at, step)
SELECT 'pending-match', id, created_at, 0 FROM matches WHERE approval_status = 'pending' AND escalated_at IS NULL
ON CONFLICT (kind, match_id) DO NOTHING;
--> statement-breakpoint
-- The organisers' "Partidas para confirmar": the few escalated matches still waiting for them.
CREATE INDEX "matches_escalated_idx" ON "matches" USING btree ("escalated_at", "id")
  WHERE "approval_status" = 'pending' AND "escalated_at" IS NOT NULL;
