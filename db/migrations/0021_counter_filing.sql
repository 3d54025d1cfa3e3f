ALTER TABLE "users" ADD COLUMN "citizenship_no" text;--> statement-breakpoint
CREATE INDEX "users_citizenship_no_idx" ON "users" USING btree ("citizenship_no") WHERE deleted_on is null;--> statement-breakpoint
CREATE INDEX "application_owners_citizenship_no_idx" ON "application_owners" USING btree ("citizenship_no");--> statement-breakpoint
-- Counter filing (issue 19 §4): a ward admin files for a walk-in applicant. The permission is
-- granted as permissions.ts ROLE_PERMISSIONS does (ward admins and system admins), on a
-- database seeded before it existed (a new database gets both from the seed).
INSERT INTO "permissions" ("slug", "name_en", "name_ne", "group_name")
SELECT 'file-at-counter', 'At the counter: File for an applicant', 'काउन्टरमा: निवेदकको तर्फबाट दर्ता गर्ने', 'file-at-counter'
WHERE EXISTS (SELECT 1 FROM "roles" WHERE "slug" = 'systemadmin')
  AND NOT EXISTS (SELECT 1 FROM "permissions" p WHERE p."slug" = 'file-at-counter' AND p."deleted_on" IS NULL);
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r, "permissions" p
WHERE r."slug" IN ('wardadmin', 'systemadmin')
  AND p."slug" = 'file-at-counter'
  AND p."deleted_on" IS NULL
ON CONFLICT DO NOTHING;
