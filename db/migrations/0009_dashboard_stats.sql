CREATE TABLE "application_stats" (
	"ward_id" integer NOT NULL,
	"fiscal_year_id" integer NOT NULL,
	"business_type_id" integer NOT NULL,
	"app_status" text NOT NULL,
	"registered" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "application_stats_pk" PRIMARY KEY("ward_id","fiscal_year_id","business_type_id","app_status","registered")
);
--> statement-breakpoint
CREATE TABLE "payment_stats" (
	"ward_id" integer NOT NULL,
	"app_fiscal_year_id" integer NOT NULL,
	"fiscal_year_id" integer NOT NULL,
	"paid_date" date NOT NULL,
	"total" bigint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "payment_stats_pk" PRIMARY KEY("ward_id","app_fiscal_year_id","fiscal_year_id","paid_date")
);
--> statement-breakpoint
CREATE INDEX "certificates_app_idx" ON "certificates" USING btree ("application_id","id");--> statement-breakpoint
-- Dashboard counters (issue 8 §1), kept exact by statement-level triggers with transition
-- tables: one upsert per statement, rows in key order so concurrent transactions lock counter
-- rows in the same order (no deadlock between them). Only live (deleted_on is null) rows count.
CREATE FUNCTION application_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO application_stats AS s (ward_id, fiscal_year_id, business_type_id, app_status, registered, n)
    SELECT ward_id, coalesce(fiscal_year_id, 0), business_type_id, app_status,
           (NOT is_renewal AND app_status IN ('approved', 'cancelled') AND registration_no IS NOT NULL),
           count(*)
    FROM new_rows WHERE deleted_on IS NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (ward_id, fiscal_year_id, business_type_id, app_status, registered)
    DO UPDATE SET n = s.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO application_stats AS s (ward_id, fiscal_year_id, business_type_id, app_status, registered, n)
    SELECT ward_id, coalesce(fiscal_year_id, 0), business_type_id, app_status,
           (NOT is_renewal AND app_status IN ('approved', 'cancelled') AND registration_no IS NOT NULL),
           -count(*)
    FROM old_rows WHERE deleted_on IS NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (ward_id, fiscal_year_id, business_type_id, app_status, registered)
    DO UPDATE SET n = s.n + excluded.n;
  ELSE
    INSERT INTO application_stats AS s (ward_id, fiscal_year_id, business_type_id, app_status, registered, n)
    SELECT k1, k2, k3, k4, k5, sum(d) FROM (
      SELECT ward_id AS k1, coalesce(fiscal_year_id, 0) AS k2, business_type_id AS k3, app_status AS k4,
             (NOT is_renewal AND app_status IN ('approved', 'cancelled') AND registration_no IS NOT NULL) AS k5,
             -1 AS d
      FROM old_rows WHERE deleted_on IS NULL
      UNION ALL
      SELECT ward_id, coalesce(fiscal_year_id, 0), business_type_id, app_status,
             (NOT is_renewal AND app_status IN ('approved', 'cancelled') AND registration_no IS NOT NULL),
             1
      FROM new_rows WHERE deleted_on IS NULL
    ) x
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (ward_id, fiscal_year_id, business_type_id, app_status, registered)
    DO UPDATE SET n = s.n + excluded.n;
    -- A change of ward, fiscal year or deletion moves the application's payments too.
    INSERT INTO payment_stats AS s (ward_id, app_fiscal_year_id, fiscal_year_id, paid_date, total, n)
    SELECT k1, k2, k3, k4, sum(t), sum(d) FROM (
      SELECT o.ward_id AS k1, coalesce(o.fiscal_year_id, 0) AS k2, p.fiscal_year_id AS k3,
             coalesce(p.paid_date, 'infinity'::date) AS k4, -p.total AS t, -1 AS d
      FROM old_rows o JOIN new_rows nw ON nw.id = o.id
      JOIN payments p ON p.application_id = o.id AND p.pay_status = 'completed'
      WHERE o.deleted_on IS NULL
        AND (o.ward_id, o.fiscal_year_id, o.deleted_on IS NULL)
            IS DISTINCT FROM (nw.ward_id, nw.fiscal_year_id, nw.deleted_on IS NULL)
      UNION ALL
      SELECT nw.ward_id, coalesce(nw.fiscal_year_id, 0), p.fiscal_year_id,
             coalesce(p.paid_date, 'infinity'::date), p.total, 1
      FROM old_rows o JOIN new_rows nw ON nw.id = o.id
      JOIN payments p ON p.application_id = nw.id AND p.pay_status = 'completed'
      WHERE nw.deleted_on IS NULL
        AND (o.ward_id, o.fiscal_year_id, o.deleted_on IS NULL)
            IS DISTINCT FROM (nw.ward_id, nw.fiscal_year_id, nw.deleted_on IS NULL)
    ) x
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 OR sum(t) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (ward_id, app_fiscal_year_id, fiscal_year_id, paid_date)
    DO UPDATE SET total = s.total + excluded.total, n = s.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER application_stats_ins AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_stats_apply();
--> statement-breakpoint
CREATE TRIGGER application_stats_upd AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_stats_apply();
--> statement-breakpoint
CREATE TRIGGER application_stats_del AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION application_stats_apply();
--> statement-breakpoint
CREATE FUNCTION payment_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_stats AS s (ward_id, app_fiscal_year_id, fiscal_year_id, paid_date, total, n)
    SELECT a.ward_id, coalesce(a.fiscal_year_id, 0), p.fiscal_year_id, coalesce(p.paid_date, 'infinity'::date),
           sum(p.total), count(*)
    FROM new_rows p JOIN applications a ON a.id = p.application_id
    WHERE p.pay_status = 'completed' AND a.deleted_on IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (ward_id, app_fiscal_year_id, fiscal_year_id, paid_date)
    DO UPDATE SET total = s.total + excluded.total, n = s.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO payment_stats AS s (ward_id, app_fiscal_year_id, fiscal_year_id, paid_date, total, n)
    SELECT a.ward_id, coalesce(a.fiscal_year_id, 0), p.fiscal_year_id, coalesce(p.paid_date, 'infinity'::date),
           -sum(p.total), -count(*)
    FROM old_rows p JOIN applications a ON a.id = p.application_id
    WHERE p.pay_status = 'completed' AND a.deleted_on IS NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (ward_id, app_fiscal_year_id, fiscal_year_id, paid_date)
    DO UPDATE SET total = s.total + excluded.total, n = s.n + excluded.n;
  ELSE
    INSERT INTO payment_stats AS s (ward_id, app_fiscal_year_id, fiscal_year_id, paid_date, total, n)
    SELECT k1, k2, k3, k4, sum(t), sum(d) FROM (
      SELECT a.ward_id AS k1, coalesce(a.fiscal_year_id, 0) AS k2, p.fiscal_year_id AS k3,
             coalesce(p.paid_date, 'infinity'::date) AS k4, -p.total AS t, -1 AS d
      FROM old_rows p JOIN applications a ON a.id = p.application_id
      WHERE p.pay_status = 'completed' AND a.deleted_on IS NULL
      UNION ALL
      SELECT a.ward_id, coalesce(a.fiscal_year_id, 0), p.fiscal_year_id,
             coalesce(p.paid_date, 'infinity'::date), p.total, 1
      FROM new_rows p JOIN applications a ON a.id = p.application_id
      WHERE p.pay_status = 'completed' AND a.deleted_on IS NULL
    ) x
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 OR sum(t) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (ward_id, app_fiscal_year_id, fiscal_year_id, paid_date)
    DO UPDATE SET total = s.total + excluded.total, n = s.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payment_stats_ins AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_stats_apply();
--> statement-breakpoint
CREATE TRIGGER payment_stats_upd AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_stats_apply();
--> statement-breakpoint
CREATE TRIGGER payment_stats_del AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_stats_apply();
--> statement-breakpoint
-- Counters of the rows already there.
INSERT INTO application_stats (ward_id, fiscal_year_id, business_type_id, app_status, registered, n)
SELECT ward_id, coalesce(fiscal_year_id, 0), business_type_id, app_status,
       (NOT is_renewal AND app_status IN ('approved', 'cancelled') AND registration_no IS NOT NULL),
       count(*)
FROM applications WHERE deleted_on IS NULL GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO payment_stats (ward_id, app_fiscal_year_id, fiscal_year_id, paid_date, total, n)
SELECT a.ward_id, coalesce(a.fiscal_year_id, 0), p.fiscal_year_id, coalesce(p.paid_date, 'infinity'::date),
       sum(p.total), count(*)
FROM payments p JOIN applications a ON a.id = p.application_id
WHERE p.pay_status = 'completed' AND a.deleted_on IS NULL
GROUP BY 1, 2, 3, 4;
