ALTER TABLE "community_posts" ADD COLUMN "tutorial_id" integer;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "chapter_id" integer;--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "lesson_title" text;