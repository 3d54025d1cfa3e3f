ALTER TABLE "tax_setups" ADD COLUMN "amendment_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_setups" ADD COLUMN "closure_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_setups" ADD COLUMN "duplicate_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "service" text DEFAULT 'registration' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "service_data" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "closed_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "service_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "kind" text DEFAULT 'issue' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_request_id_applications_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_request_uq" ON "applications" USING btree ("subject_id","service") WHERE "applications"."subject_id" is not null and "applications"."deleted_on" is null and "applications"."app_status" in ('pending', 'verified', 'paid', 'rejected');--> statement-breakpoint
CREATE INDEX "applications_subject_idx" ON "applications" USING btree ("subject_id");--> statement-breakpoint
-- Every application names its service (issue 19); renewals were marked by is_renewal alone.
UPDATE "applications" SET "service" = 'renewal' WHERE "is_renewal" AND "service" <> 'renewal';
--> statement-breakpoint
-- Permissions of the requests about a registration (issue 19), granted as permissions.ts
-- ROLE_PERMISSIONS does: applicants, ward admins and system admins.
INSERT INTO "permissions" ("slug", "name_en", "name_ne", "group_name")
SELECT v.slug, v.name_en, v.name_ne, v.slug
FROM (VALUES
  ('amend-applications', 'Applications: Amend', 'निवेदनहरू: संशोधन गर्ने'),
  ('close-applications', 'Applications: Close', 'निवेदनहरू: खारेजी गर्ने'),
  ('duplicate-certificates', 'Certificates: Duplicate', 'प्रमाणपत्र: प्रतिलिपि दिने')
) AS v(slug, name_en, name_ne)
WHERE EXISTS (SELECT 1 FROM "roles" WHERE "slug" = 'systemadmin')
  AND NOT EXISTS (SELECT 1 FROM "permissions" p WHERE p."slug" = v.slug AND p."deleted_on" IS NULL);
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r, "permissions" p
WHERE r."slug" IN ('user', 'wardadmin', 'systemadmin')
  AND p."slug" IN ('amend-applications', 'close-applications', 'duplicate-certificates')
  AND p."deleted_on" IS NULL
ON CONFLICT DO NOTHING;
