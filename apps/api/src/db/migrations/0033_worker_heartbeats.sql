-- Job workers say they are alive (issue 26, item 7): each process that works the job queues (EQUIP_ROLE
-- all or worker) keeps its row's beat_at fresh and deletes it when it stops; /readyz reads the newest.
CREATE TABLE "worker_heartbeats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beat_at" timestamp with time zone DEFAULT now() NOT NULL
);
