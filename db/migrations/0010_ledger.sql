CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"version" integer NOT NULL,
	"detail" jsonb NOT NULL,
	"total" bigint NOT NULL,
	"bill_status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "bill_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "check_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_method" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_remarks" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_by" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_app_version_uq" ON "bills" USING btree ("application_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_one_open_uq" ON "bills" USING btree ("application_id") WHERE bill_status = 'open';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_next_check_idx" ON "payments" USING btree ("next_check_at") WHERE pay_status = 'pending';--> statement-breakpoint
CREATE INDEX "payments_bill_idx" ON "payments" USING btree ("bill_id");--> statement-breakpoint
-- Backfill (issue 15): every application's current bill becomes version 1 — open while the
-- application is verified, settled once paid or approved, superseded otherwise — and every
-- payment of the application is made against it.
INSERT INTO "bills" ("application_id", "version", "detail", "total", "bill_status", "created_at", "closed_at")
SELECT a.id, 1, a.bill, (a.bill->>'total')::bigint,
       CASE WHEN a.app_status = 'verified' THEN 'open'
            WHEN a.app_status IN ('paid', 'approved') OR EXISTS (
              SELECT 1 FROM payments p WHERE p.application_id = a.id AND p.pay_status = 'completed')
            THEN 'settled'
            ELSE 'superseded' END,
       a.updated_at,
       CASE WHEN a.app_status = 'verified' THEN NULL ELSE a.updated_at END
FROM applications a WHERE a.bill IS NOT NULL;
--> statement-breakpoint
UPDATE "payments" p SET "bill_id" = b.id FROM "bills" b WHERE b.application_id = p.application_id;
--> statement-breakpoint
-- Pending online attempts are asked about again at once; of two open attempts for one bill,
-- the older is marked replaced (still watched).
UPDATE "payments" SET "next_check_at" = now() WHERE "pay_status" = 'pending';
--> statement-breakpoint
UPDATE "payments" p SET "replaced_at" = now()
WHERE p.pay_status = 'pending' AND p.channel IN ('esewa', 'khalti') AND EXISTS (
  SELECT 1 FROM payments n WHERE n.bill_id = p.bill_id AND n.pay_status = 'pending'
    AND n.channel IN ('esewa', 'khalti') AND n.id > p.id);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_attempt_uq" ON "payments" USING btree ("bill_id") WHERE pay_status = 'pending' and replaced_at is null and channel in ('esewa', 'khalti');