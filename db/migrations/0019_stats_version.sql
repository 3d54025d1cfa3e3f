-- Issue 18 §3: the dashboard caches its answer per process and scope, and checks, in one cheap
-- statement, that this version has not moved. Row ward_id = w counts the changes to the
-- counters of ward w (applications and their payments); row 0 the changes every scope reads
-- (fiscal years, wards, business types, the users count). Bumped by statement-level triggers
-- in the same transaction as the change, so a snapshot that sees a change sees its bump: an
-- unchanged version (the sum of a scope's rows, which only grows) means unchanged figures, on
-- every instance sharing the database. One row per ward so that writers of different wards do
-- not queue on one row. Not in the Drizzle schema: only modules/dashboard/stats.ts reads it.
CREATE TABLE "stats_version" (
	"ward_id" integer PRIMARY KEY,
	"version" bigint NOT NULL DEFAULT 1
);
--> statement-breakpoint
INSERT INTO "stats_version" ("ward_id") SELECT 0 UNION SELECT "id" FROM "wards";
--> statement-breakpoint
-- Bumps the rows of `ward_ids` (a row is made for a ward that has none), in ward order so that
-- concurrent transactions lock them in the same order.
CREATE FUNCTION stats_version_bump(ward_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stats_version AS s (ward_id, version)
  SELECT DISTINCT w, 1 FROM unnest(ward_ids) AS w WHERE w IS NOT NULL ORDER BY 1
  ON CONFLICT (ward_id) DO UPDATE SET version = s.version + 1;
$$;
--> statement-breakpoint
-- Applications: the wards of the rows inserted or deleted, and of the rows updated in what the
-- dashboard reads (ward, fiscal year, business type, status, registration, renewal, applicant,
-- deletion); an edit of other fields moves nothing.
CREATE FUNCTION stats_version_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_version_bump(array(SELECT ward_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_version_bump(array(SELECT ward_id FROM old_rows));
  ELSE
    PERFORM stats_version_bump(array(
      SELECT unnest(array[o.ward_id, nw.ward_id])
      FROM old_rows o JOIN new_rows nw ON nw.id = o.id
      WHERE (o.ward_id, o.fiscal_year_id, o.business_type_id, o.app_status, o.registration_no,
             o.is_renewal, o.user_id, o.deleted_on)
        IS DISTINCT FROM (nw.ward_id, nw.fiscal_year_id, nw.business_type_id, nw.app_status,
             nw.registration_no, nw.is_renewal, nw.user_id, nw.deleted_on)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_version_applications_ins AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_version_applications();
--> statement-breakpoint
CREATE TRIGGER stats_version_applications_upd AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_version_applications();
--> statement-breakpoint
CREATE TRIGGER stats_version_applications_del AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_version_applications();
--> statement-breakpoint
-- Payments: the wards of the applications of completed payments inserted, deleted, or updated
-- from or to completed or in what payment_stats keeps (total, date, fiscal year, application).
CREATE FUNCTION stats_version_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stats_version_bump(array(SELECT a.ward_id FROM new_rows p
      JOIN applications a ON a.id = p.application_id WHERE p.pay_status = 'completed'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM stats_version_bump(array(SELECT a.ward_id FROM old_rows p
      JOIN applications a ON a.id = p.application_id WHERE p.pay_status = 'completed'));
  ELSE
    PERFORM stats_version_bump(array(
      SELECT a.ward_id FROM old_rows o JOIN new_rows nw ON nw.id = o.id
      JOIN applications a ON a.id IN (o.application_id, nw.application_id)
      WHERE (o.pay_status = 'completed' OR nw.pay_status = 'completed')
        AND (o.pay_status, o.total, o.paid_date, o.fiscal_year_id, o.application_id)
          IS DISTINCT FROM (nw.pay_status, nw.total, nw.paid_date, nw.fiscal_year_id, nw.application_id)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_version_payments_ins AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_version_payments();
--> statement-breakpoint
CREATE TRIGGER stats_version_payments_upd AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_version_payments();
--> statement-breakpoint
CREATE TRIGGER stats_version_payments_del AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stats_version_payments();
--> statement-breakpoint
-- What every scope reads: the fiscal years (the current one, names, dates), ward numbers,
-- business type names, and the accounts (the system admin's users count).
CREATE FUNCTION stats_version_bump_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stats_version_bump(array[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_version_fiscal_years AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fiscal_years
  FOR EACH STATEMENT EXECUTE FUNCTION stats_version_bump_all();
--> statement-breakpoint
CREATE TRIGGER stats_version_wards AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON wards
  FOR EACH STATEMENT EXECUTE FUNCTION stats_version_bump_all();
--> statement-breakpoint
CREATE TRIGGER stats_version_business_types AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_types
  FOR EACH STATEMENT EXECUTE FUNCTION stats_version_bump_all();
--> statement-breakpoint
CREATE TRIGGER stats_version_users AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF deleted_on ON users
  FOR EACH STATEMENT EXECUTE FUNCTION stats_version_bump_all();
