CREATE TABLE "analytics_daily_actors" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"track_id" integer DEFAULT 0 NOT NULL,
	"actor" text NOT NULL,
	CONSTRAINT "analytics_daily_actors_day_name_track_id_actor_pk" PRIMARY KEY("day","name","track_id","actor")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_events" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"track_id" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_events_day_name_track_id_pk" PRIMARY KEY("day","name","track_id")
);
--> statement-breakpoint
CREATE INDEX "analytics_daily_actors_day_actor_idx" ON "analytics_daily_actors" USING btree ("day","actor");--> statement-breakpoint
CREATE INDEX "analytics_events_occurred_idx" ON "analytics_events" USING btree ("occurred_at");