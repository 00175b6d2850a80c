CREATE TABLE "active_sections" (
	"user_id" uuid NOT NULL,
	"track_id" integer NOT NULL,
	"section_index" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "active_sections_user_id_track_id_pk" PRIMARY KEY("user_id","track_id")
);
--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_ledger_user_reason_ref" UNIQUE("user_id","reason","ref"),
	CONSTRAINT "coin_ledger_amount_nonzero" CHECK ("coin_ledger"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "learner_progress" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"daily_goal_xp" integer DEFAULT 10 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"freezes" integer DEFAULT 0 NOT NULL,
	"active_track_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_progress_freezes_nonnegative" CHECK ("learner_progress"."freezes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "lesson_completions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"lesson_id" integer NOT NULL,
	"track_id" integer NOT NULL,
	"tutorial_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"track_version" integer NOT NULL,
	"client_event_id" uuid NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"xp" integer NOT NULL,
	"counts_for_streak" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_completions_user_lesson" UNIQUE("user_id","lesson_id"),
	CONSTRAINT "lesson_completions_user_event" UNIQUE("user_id","client_event_id")
);
--> statement-breakpoint
CREATE TABLE "progress_days" (
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"goal_met" boolean DEFAULT false NOT NULL,
	"frozen" boolean DEFAULT false NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "progress_days_user_id_local_date_pk" PRIMARY KEY("user_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "active_sections" ADD CONSTRAINT "active_sections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_progress" ADD CONSTRAINT "learner_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_days" ADD CONSTRAINT "progress_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_completions_user_track_idx" ON "lesson_completions" USING btree ("user_id","track_id");