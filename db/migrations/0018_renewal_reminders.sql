CREATE TABLE "renewal_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"expiry_date" date NOT NULL,
	"point" smallint,
	"sent_on" date NOT NULL,
	"sent_by" integer,
	"outbox_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "renewal_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_reminders_point_uq" ON "renewal_reminders" USING btree ("application_id","expiry_date","point") WHERE "renewal_reminders"."point" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_reminders_now_uq" ON "renewal_reminders" USING btree ("application_id","sent_on") WHERE "renewal_reminders"."point" is null;--> statement-breakpoint
CREATE INDEX "renewal_reminders_app_idx" ON "renewal_reminders" USING btree ("application_id","created_at");