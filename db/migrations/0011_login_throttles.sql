CREATE TABLE "login_throttles" (
	"subject" text NOT NULL,
	"ip" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "login_throttles_subject_ip_pk" PRIMARY KEY("subject","ip")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_login_at" timestamp with time zone;