CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "request_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"match_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_keys_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "request_keys_key_check" CHECK ("request_keys"."key" ~ '^[A-Za-z0-9_-]{16,64}$'),
	CONSTRAINT "request_keys_action_check" CHECK ("request_keys"."action" in ('create', 'approve', 'reject'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"match_id" integer,
	"run_at" timestamp with time zone NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"push_approval" boolean DEFAULT true NOT NULL,
	"push_rejected" boolean DEFAULT true NOT NULL,
	"push_announcement" boolean DEFAULT true NOT NULL,
	"push_reminder" boolean DEFAULT true NOT NULL,
	"public_matches" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "match_events" DROP CONSTRAINT "match_events_type_check";--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "reminders" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "match_players" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_keys" ADD CONSTRAINT "request_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_keys" ADD CONSTRAINT "request_keys_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_jobs" ADD CONSTRAINT "scheduled_jobs_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "request_keys_created_idx" ON "request_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "scheduled_jobs_run_at_idx" ON "scheduled_jobs" USING btree ("run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_jobs_kind_match_key" ON "scheduled_jobs" USING btree ("kind","match_id");--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_type_check" CHECK ("match_events"."type" in ('created', 'approved', 'rejected', 'cancelled', 'rejection_accepted', 'closed', 'expired', 'entered', 'annulled', 'reminded', 'escalated', 'confirmed'));