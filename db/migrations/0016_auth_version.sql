-- Issue 18 §2: the auth hook caches each role's permissions per process and checks, in the
-- session statement it sends anyway, that this number has not moved. Every change to roles,
-- permissions or the links between them bumps it in the same transaction, so the next request
-- on any instance (they share this database) sees the change. One row; not in the Drizzle
-- schema (only plugins/role-cache.ts reads it, by SQL).
CREATE TABLE "auth_version" (
	"id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
	"version" bigint NOT NULL DEFAULT 1
);
--> statement-breakpoint
INSERT INTO "auth_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION auth_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_version_roles AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_version_bump();
--> statement-breakpoint
CREATE TRIGGER auth_version_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_version_bump();
--> statement-breakpoint
CREATE TRIGGER auth_version_role_permissions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_version_bump();
