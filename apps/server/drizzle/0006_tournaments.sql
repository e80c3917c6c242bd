CREATE TABLE "tournament_announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"author_id" integer,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_announcements_not_blank" CHECK (length(btrim("tournament_announcements"."message")) > 0)
);
--> statement-breakpoint
CREATE TABLE "tournament_brackets" (
	"tournament_id" integer NOT NULL,
	"stage" text NOT NULL,
	"type" text NOT NULL,
	"seeding" jsonb NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "tournament_brackets_tournament_id_stage_pk" PRIMARY KEY("tournament_id","stage"),
	CONSTRAINT "tournament_brackets_stage_check" CHECK ("tournament_brackets"."stage" in ('main', 'playoff'))
);
--> statement-breakpoint
CREATE TABLE "tournament_pairings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"stage" text NOT NULL,
	"round" smallint NOT NULL,
	"table_no" smallint NOT NULL,
	"bracket_match_id" integer,
	"bracket_group" text,
	"player1_id" integer NOT NULL,
	"player2_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"games1" smallint,
	"games2" smallint,
	"games_drawn" smallint,
	"match_id" integer,
	"paired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "tournament_pairings_stage_check" CHECK ("tournament_pairings"."stage" in ('swiss', 'main', 'playoff')),
	CONSTRAINT "tournament_pairings_status_check" CHECK ("tournament_pairings"."status" in ('pending', 'reported', 'decided', 'void')),
	CONSTRAINT "tournament_pairings_outcome_check" CHECK ("tournament_pairings"."outcome" is null or "tournament_pairings"."outcome" in ('player1', 'player2', 'draw', 'double_loss')),
	CONSTRAINT "tournament_pairings_players_check" CHECK ("tournament_pairings"."player2_id" is null or "tournament_pairings"."player2_id" <> "tournament_pairings"."player1_id"),
	CONSTRAINT "tournament_pairings_decided_check" CHECK (("tournament_pairings"."status" <> 'decided' or "tournament_pairings"."outcome" is not null) and ("tournament_pairings"."status" not in ('pending', 'reported') or "tournament_pairings"."outcome" is null))
);
--> statement-breakpoint
CREATE TABLE "tournament_participants" (
	"tournament_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"deck_id" integer,
	"status" text DEFAULT 'registered' NOT NULL,
	"seed" smallint,
	"checked_in_at" timestamp with time zone,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dropped_after_round" smallint,
	"announcements_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournament_participants_tournament_id_user_id_pk" PRIMARY KEY("tournament_id","user_id"),
	CONSTRAINT "tournament_participants_status_check" CHECK ("tournament_participants"."status" in ('registered', 'waitlisted', 'dropped'))
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"store_id" integer NOT NULL,
	"season_id" integer,
	"type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"player_cap" smallint NOT NULL,
	"best_of" smallint NOT NULL,
	"registration_open" boolean DEFAULT true NOT NULL,
	"tier" text DEFAULT 'Torneo' NOT NULL,
	"swiss_rounds" smallint,
	"top_cut" smallint DEFAULT 0 NOT NULL,
	"seed" integer,
	"phase" text,
	"current_round" smallint DEFAULT 0 NOT NULL,
	"winner_id" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tournaments_type_check" CHECK ("tournaments"."type" in ('single_elimination', 'double_elimination', 'round_robin', 'swiss')),
	CONSTRAINT "tournaments_name_not_blank" CHECK (length(btrim("tournaments"."name")) > 0),
	CONSTRAINT "tournaments_cap_check" CHECK ("tournaments"."player_cap" between 2 and 256),
	CONSTRAINT "tournaments_best_of_check" CHECK ("tournaments"."best_of" in (1, 3)),
	CONSTRAINT "tournaments_tier_check" CHECK ("tournaments"."tier" in ('Torneo', 'Arena')),
	CONSTRAINT "tournaments_top_cut_check" CHECK ("tournaments"."top_cut" in (0, 4, 8)),
	CONSTRAINT "tournaments_phase_check" CHECK ("tournaments"."phase" is null or "tournaments"."phase" in ('swiss', 'playoff', 'main')),
	CONSTRAINT "tournaments_finish_check" CHECK ("tournaments"."finished_at" is null or "tournaments"."started_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_scores_check";--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "tournament_id" integer;--> statement-breakpoint
ALTER TABLE "tournament_announcements" ADD CONSTRAINT "tournament_announcements_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_announcements" ADD CONSTRAINT "tournament_announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_brackets" ADD CONSTRAINT "tournament_brackets_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_player1_id_users_id_fk" FOREIGN KEY ("player1_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_player2_id_users_id_fk" FOREIGN KEY ("player2_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_pairings" ADD CONSTRAINT "tournament_pairings_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_participants" ADD CONSTRAINT "tournament_participants_deck_id_decks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."decks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_announcements_tournament_idx" ON "tournament_announcements" USING btree ("tournament_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_pairings_table_key" ON "tournament_pairings" USING btree ("tournament_id","stage","round","table_no") WHERE "tournament_pairings"."bracket_match_id" is null and "tournament_pairings"."status" <> 'void';--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_pairings_bracket_key" ON "tournament_pairings" USING btree ("tournament_id","stage","bracket_match_id") WHERE "tournament_pairings"."bracket_match_id" is not null and "tournament_pairings"."status" <> 'void';--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_pairings_match_key" ON "tournament_pairings" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "tournament_pairings_tournament_idx" ON "tournament_pairings" USING btree ("tournament_id","stage","round");--> statement-breakpoint
CREATE INDEX "tournament_pairings_player1_idx" ON "tournament_pairings" USING btree ("player1_id");--> statement-breakpoint
CREATE INDEX "tournament_pairings_player2_idx" ON "tournament_pairings" USING btree ("player2_id");--> statement-breakpoint
CREATE INDEX "tournament_participants_user_idx" ON "tournament_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tournaments_store_idx" ON "tournaments" USING btree ("store_id","starts_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tournaments_starts_idx" ON "tournaments" USING btree ("starts_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matches_tournament_idx" ON "matches" USING btree ("tournament_id");--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_scores_check" CHECK ("matches"."team1_score" >= 0 and "matches"."team2_score" >= 0 and ("matches"."team1_score" + "matches"."team2_score" >= 1 or ("matches"."tournament_id" is not null and "matches"."winning_team" is null)));