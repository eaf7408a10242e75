CREATE TABLE "job_receipts" (
	"key" text PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
