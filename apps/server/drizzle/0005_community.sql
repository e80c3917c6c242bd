CREATE TABLE "league_participants" (
	"league_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_participants_league_id_user_id_pk" PRIMARY KEY("league_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"store_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"finished_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leagues_name_not_blank" CHECK (length(btrim("leagues"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_dates_check" CHECK ("seasons"."ends_on" >= "seasons"."starts_on"),
	CONSTRAINT "seasons_name_not_blank" CHECK (length(btrim("seasons"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "standings" (
	"season_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"matches" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "standings_season_id_store_id_user_id_pk" PRIMARY KEY("season_id","store_id","user_id"),
	CONSTRAINT "standings_counts_check" CHECK ("standings"."matches" >= 0 and "standings"."wins" >= 0 and "standings"."wins" <= "standings"."matches")
);
--> statement-breakpoint
CREATE TABLE "store_logos" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_organisers" (
	"store_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "store_organisers_store_id_user_id_pk" PRIMARY KEY("store_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"neighborhood" text NOT NULL,
	"city" text DEFAULT 'Buenos Aires' NOT NULL,
	"address" text,
	"active" boolean DEFAULT true NOT NULL,
	"logo_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_name_not_blank" CHECK (length(btrim("stores"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "match_events" DROP CONSTRAINT "match_events_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tor_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "placeholder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "claim_code_hash" text;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "store_id" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "league_id" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "season_id" integer;--> statement-breakpoint
ALTER TABLE "matches" ADD COLUMN "round" smallint;--> statement-breakpoint
ALTER TABLE "league_participants" ADD CONSTRAINT "league_participants_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_participants" ADD CONSTRAINT "league_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leagues" ADD CONSTRAINT "leagues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings" ADD CONSTRAINT "standings_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standings" ADD CONSTRAINT "standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_logos" ADD CONSTRAINT "store_logos_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_organisers" ADD CONSTRAINT "store_organisers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_organisers" ADD CONSTRAINT "store_organisers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_participants_user_idx" ON "league_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "leagues_store_idx" ON "leagues" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_one_open" ON "seasons" USING btree ((true)) WHERE "seasons"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_name_lower_key" ON "seasons" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "standings_rank_idx" ON "standings" USING btree ("season_id","store_id","points" DESC NULLS LAST,"wins" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "standings_user_idx" ON "standings" USING btree ("user_id","season_id");--> statement-breakpoint
CREATE INDEX "store_organisers_user_idx" ON "store_organisers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name_lower_key" ON "stores" USING btree (lower(btrim("name")));--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_tor_code_key" ON "users" USING btree ("tor_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_claim_code_key" ON "users" USING btree ("claim_code_hash");--> statement-breakpoint
CREATE INDEX "matches_store_approved_idx" ON "matches" USING btree ("store_id","match_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "matches"."approval_status" = 'approved' and "matches"."store_id" is not null;--> statement-breakpoint
CREATE INDEX "matches_season_idx" ON "matches" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "matches_league_idx" ON "matches" USING btree ("league_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tor_code_check" CHECK ("users"."tor_code" is null or "users"."tor_code" ~ '^[A-Z0-9-]{3,12}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('player', 'judge', 'tournament_admin', 'admin'));--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_type_check" CHECK ("match_events"."type" in ('created', 'approved', 'rejected', 'cancelled', 'rejection_accepted', 'closed', 'expired', 'entered', 'annulled'));--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_round_check" CHECK ("matches"."round" is null or "matches"."round" >= 1);