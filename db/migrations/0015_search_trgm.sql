-- Issue 18 §1: the search box served by trigram indexes (docs/decisions.md "Search", measured in
-- docs/performance.md "Search"): one GIN (gin_trgm_ops) index per searched column over the live
-- rows; lib/list.ts `search` ORs `col ILIKE '%q%'` over the columns, a BitmapOr of these.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it, no
-- superuser needed; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm
-- (db/client.ts PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops) WHERE deleted_on is null;--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops) WHERE deleted_on is null;--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops) WHERE deleted_on is null;--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WHERE deleted_on is null;--> statement-breakpoint
CREATE INDEX "applications_business_name_trgm_idx" ON "applications" USING gin ("business_name" gin_trgm_ops) WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_owner_name_trgm_idx" ON "applications" USING gin ("owner_name" gin_trgm_ops) WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_submission_no_trgm_idx" ON "applications" USING gin ("submission_no" gin_trgm_ops) WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_registration_no_trgm_idx" ON "applications" USING gin ("registration_no" gin_trgm_ops) WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_old_registration_no_trgm_idx" ON "applications" USING gin ("old_registration_no" gin_trgm_ops) WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_loc_mobile_trgm_idx" ON "applications" USING gin ("loc_mobile" gin_trgm_ops) WHERE "applications"."deleted_on" is null;--> statement-breakpoint
CREATE INDEX "applications_applicant_contact_trgm_idx" ON "applications" USING gin ("applicant_contact" gin_trgm_ops) WHERE "applications"."deleted_on" is null;