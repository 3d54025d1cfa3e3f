-- Issue 18 §2: the session check that a guarded route's own statement makes (plugins/auth.ts
-- sessionCheckSql) as a function, so that the statement's planner sees one call instead of the
-- check's four tables. Inline, the check was planned again with every list, search, detail and
-- dashboard statement (a custom plan each time): measured at 100,000 applications on
-- PostgreSQL 15, the list's page took 1.22–1.26 ms a round trip with it inline, 0.94–0.96 ms
-- with this function and 0.88–1.00 ms with no check at all. PL/pgSQL keeps its query's plan for
-- the session.
--
-- STABLE: it runs in the snapshot of the statement that calls it (PostgreSQL documentation,
-- "Function Volatility Categories"), so the session is still confirmed in the same snapshot as
-- the data that statement reads; now() is that transaction's, as inline. Callers wrap the call
-- in a scalar subquery, so it runs once per statement and not once per row.
--
-- Arguments: the token's SHA-256 (hex), the user row's xmin, the user's role ids as
-- '{1,3}' (sorted), and auth_version's version, each as text, as remembered by the process.
CREATE FUNCTION session_guard_holds(p_hash text, p_xmin text, p_roles text, p_version text)
  RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM access_tokens t
    JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = p_hash AND t.revoked_at IS NULL
      AND t.expires_at > now() AND u.deleted_on IS NULL
      AND u.xmin::text = p_xmin
      AND coalesce((SELECT array_agg(ur.role_id ORDER BY ur.role_id) FROM user_roles ur
        WHERE ur.user_id = u.id), '{}')::text = p_roles
      AND (SELECT v.version::text FROM auth_version v WHERE v.id = 1) = p_version);
END $$;
