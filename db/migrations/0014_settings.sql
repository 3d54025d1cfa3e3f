-- Issue 17 §6: the settings screen's permission, given to the system administrator role, on a
-- database seeded before it existed (a new database gets both from the seed, which runs after
-- the migrations: nothing is inserted here while the roles table is still empty).
INSERT INTO "permissions" ("slug", "name_en", "name_ne", "group_name")
SELECT 'edit-settings', 'Settings: Edit', 'सेटिङ: सम्पादन गर्ने', 'settings'
WHERE EXISTS (SELECT 1 FROM "roles" WHERE "slug" = 'systemadmin')
  AND NOT EXISTS (SELECT 1 FROM "permissions" WHERE "slug" = 'edit-settings' AND "deleted_on" IS NULL);
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r, "permissions" p
WHERE r."slug" = 'systemadmin' AND p."slug" = 'edit-settings' AND p."deleted_on" IS NULL
ON CONFLICT DO NOTHING;
