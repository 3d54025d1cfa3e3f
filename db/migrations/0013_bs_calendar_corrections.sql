CREATE TABLE "bs_calendar_corrections" (
	"year" smallint PRIMARY KEY NOT NULL,
	"month_lengths" jsonb NOT NULL,
	"provisional" boolean DEFAULT true NOT NULL,
	"note" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bs_calendar_corrections_months_ck" CHECK (jsonb_typeof("bs_calendar_corrections"."month_lengths") = 'array' and jsonb_array_length("bs_calendar_corrections"."month_lengths") = 12)
);
--> statement-breakpoint
ALTER TABLE "bs_calendar_corrections" ADD CONSTRAINT "bs_calendar_corrections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;