-- Issue 18 §3 (search p99 ≤ 50 ms): a GIN index keeps new entries in a pending list, which
-- every search reads whole, until it grows past gin_pending_list_limit (4 MB by default) or a
-- vacuum merges it. A palika's few submissions a day would keep autovacuum (its insert
-- threshold is 20% of the table) away for months, so each search would read up to 4 MB of
-- pending entries per index: the bench saw 9 ms for one scan of the nearly empty
-- old_registration_no index right after seeding. 256 kB bounds that read; bulk inserts still
-- batch their entries.
ALTER INDEX "applications_business_name_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "applications_owner_name_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "applications_submission_no_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "applications_registration_no_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "applications_old_registration_no_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "applications_loc_mobile_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "applications_applicant_contact_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "users_name_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "users_username_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "users_phone_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (gin_pending_list_limit = 256);
