CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'player' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('player', 'tournament_admin', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "decks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"raza" text NOT NULL,
	"description" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decks_name_not_blank" CHECK (length(btrim("decks"."name")) > 0),
	CONSTRAINT "decks_raza_check" CHECK ("decks"."raza" in ('Olimpico','Heroe','Dragon','Caballero','Desafiante','Defensor','Faraon','Sacerdote','Faerie','Sombra','Titan','Eterno'))
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"type" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "match_events_type_check" CHECK ("match_events"."type" in ('created', 'approved', 'rejected', 'cancelled', 'rejection_accepted', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "match_highlights" (
	"match_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "match_highlights_match_id_type_pk" PRIMARY KEY("match_id","type"),
	CONSTRAINT "match_highlights_type_check" CHECK ("match_highlights"."type" in ('Remontada', 'Paliza', 'Combo', 'Resiliencia', 'Sobreviviente', 'Rapida'))
);
--> statement-breakpoint
CREATE TABLE "match_players" (
	"match_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"team" smallint NOT NULL,
	"position" smallint NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"status_updated_at" timestamp with time zone,
	"deck_id" integer,
	"deck_name" text NOT NULL,
	"deck_raza" text NOT NULL,
	"match_date" timestamp with time zone NOT NULL,
	CONSTRAINT "match_players_match_id_user_id_pk" PRIMARY KEY("match_id","user_id"),
	CONSTRAINT "match_players_team_check" CHECK ("match_players"."team" in (1, 2)),
	CONSTRAINT "match_players_status_check" CHECK ("match_players"."approval_status" in ('pending', 'approved', 'rejected', 'cancelled', 'processed'))
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_date" timestamp with time zone NOT NULL,
	"match_mode" text NOT NULL,
	"tier" text NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"status" text,
	"winning_team" text,
	"team1_score" smallint DEFAULT 0 NOT NULL,
	"team2_score" smallint DEFAULT 0 NOT NULL,
	"total_matches" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer NOT NULL,
	"last_updated_by" integer,
	"approval_updated_at" timestamp with time zone,
	CONSTRAINT "matches_approval_status_check" CHECK ("matches"."approval_status" in ('pending', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "matches_mode_check" CHECK ("matches"."match_mode" in ('1v1', '2v2')),
	CONSTRAINT "matches_tier_check" CHECK ("matches"."tier" in ('Amistoso', 'Amistoso c/ Arbitro', 'Arena', 'Torneo')),
	CONSTRAINT "matches_winning_team_check" CHECK ("matches"."winning_team" is null or "matches"."winning_team" in ('team1', 'team2')),
	CONSTRAINT "matches_scores_check" CHECK ("matches"."team1_score" >= 0 and "matches"."team2_score" >= 0 and "matches"."team1_score" + "matches"."team2_score" >= 1)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decks" ADD CONSTRAINT "decks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_highlights" ADD CONSTRAINT "match_highlights_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_players" ADD CONSTRAINT "match_players_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_last_updated_by_users_id_fk" FOREIGN KEY ("last_updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_family_idx" ON "sessions" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "decks_user_name_key" ON "decks" USING btree ("user_id",lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "decks_one_default_per_user" ON "decks" USING btree ("user_id") WHERE "decks"."is_default";--> statement-breakpoint
CREATE INDEX "decks_user_idx" ON "decks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "match_events_match_idx" ON "match_events" USING btree ("match_id","at");--> statement-breakpoint
CREATE INDEX "match_events_user_type_idx" ON "match_events" USING btree ("user_id","type","match_id");--> statement-breakpoint
CREATE INDEX "match_players_user_date_idx" ON "match_players" USING btree ("user_id","match_date" DESC NULLS LAST,"match_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "match_players_deck_idx" ON "match_players" USING btree ("deck_id");--> statement-breakpoint
CREATE INDEX "matches_approved_date_idx" ON "matches" USING btree ("match_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "matches"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "matches_pending_idx" ON "matches" USING btree ("id") WHERE "matches"."approval_status" = 'pending';--> statement-breakpoint
CREATE INDEX "matches_rejected_idx" ON "matches" USING btree ("id") WHERE "matches"."approval_status" = 'rejected';--> statement-breakpoint
CREATE INDEX "matches_creator_date_idx" ON "matches" USING btree ("created_by","match_date" DESC NULLS LAST,"id" DESC NULLS LAST);