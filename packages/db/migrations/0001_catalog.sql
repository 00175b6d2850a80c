CREATE TABLE "publish_sets" (
	"version" serial PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"catalog" jsonb NOT NULL,
	"lesson_count" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publish_sets_content_hash_unique" UNIQUE("content_hash")
);
--> statement-breakpoint
CREATE INDEX "publish_sets_published_idx" ON "publish_sets" USING btree ("published_at");