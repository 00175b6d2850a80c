CREATE INDEX "analytics_actor_track_days_funnel_idx" ON "analytics_actor_track_days" USING btree ("track_id","actor","day","steps") WHERE "analytics_actor_track_days"."steps" <> 0 and "analytics_actor_track_days"."track_id" <> 0;--> statement-breakpoint
-- ADR 0048: without it the planner guesses too few (track, actor) groups, picks a hash aggregate
-- and spills it to disk over 90 days instead of reading the index above in order.
CREATE STATISTICS IF NOT EXISTS "analytics_actor_track_days_track_actor_stats" (ndistinct)
	ON "track_id", "actor" FROM "analytics_actor_track_days";--> statement-breakpoint
ANALYZE "analytics_actor_track_days";
