CREATE TABLE "analytics_actor_days" (
	"day" date NOT NULL,
	"actor" text NOT NULL,
	CONSTRAINT "analytics_actor_days_day_actor_pk" PRIMARY KEY("day","actor")
);
--> statement-breakpoint
CREATE TABLE "analytics_actor_track_days" (
	"day" date NOT NULL,
	"track_id" integer DEFAULT 0 NOT NULL,
	"actor" text NOT NULL,
	"steps" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_actor_track_days_day_track_id_actor_pk" PRIMARY KEY("day","track_id","actor")
);
--> statement-breakpoint
-- Backfill (ADR 0048): both tables are projections of 0009's per-name table, dropped below.
-- Bit i of "steps" is the funnel's step i: open_lesson, submit_code, finish_lesson, finish_chapter.
INSERT INTO "analytics_actor_track_days" ("day", "track_id", "actor", "steps")
SELECT "day", "track_id", "actor",
	bit_or(CASE "name" WHEN 'open_lesson' THEN 1 WHEN 'submit_code' THEN 2
		WHEN 'finish_lesson' THEN 4 WHEN 'finish_chapter' THEN 8 ELSE 0 END)::smallint
FROM "analytics_daily_actors" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "analytics_actor_days" ("day", "actor")
SELECT DISTINCT "day", "actor" FROM "analytics_actor_track_days";--> statement-breakpoint
DROP TABLE "analytics_daily_actors" CASCADE;
