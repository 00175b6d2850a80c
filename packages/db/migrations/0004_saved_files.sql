CREATE TABLE "saved_files" (
	"user_id" uuid NOT NULL,
	"lesson_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"publish_set_version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_files_user_id_lesson_id_name_pk" PRIMARY KEY("user_id","lesson_id","name")
);
--> statement-breakpoint
ALTER TABLE "saved_files" ADD CONSTRAINT "saved_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;