-- Issue 18 §2: every committed change to what a session stands on is announced on the channel
-- darta_auth (payload: the user's id, or '*' for everyone), so that a process that holds the
-- only connection to its database (PGlite, db/client.ts) can forget what it remembered of those
-- sessions at the very commit, and trust what it still remembers without asking the database
-- again (plugins/auth.ts). The rows a session stands on are the ones session_guard_holds
-- (migration 0023) reads: its token, its user, the user's roles, and auth_version (roles →
-- permissions, migration 0016).
--
-- NOTIFY is transactional: "if a NOTIFY is executed inside a transaction, the notify events are
-- not delivered until and unless the transaction is committed" (PostgreSQL 15 documentation,
-- NOTIFY), so a rolled-back change announces nothing. PGlite hands the notifications of a
-- statement to its listeners while it reads that statement's answer, before the caller's await
-- returns (plugins/auth-notify.test.ts shows it). PostgreSQL servers do not listen: several
-- connections, and notifications that arrive later than the commit, so they keep confirming
-- the session in the statement itself (migration 0023).
CREATE FUNCTION auth_session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column holding the user's id; none (a TRUNCATE, auth_version): everyone
  IF TG_LEVEL = 'STATEMENT' OR TG_NARGS = 0 THEN
    PERFORM pg_notify('darta_auth', '*');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('darta_auth', coalesce(to_jsonb(OLD) ->> TG_ARGV[0], '*'));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('darta_auth', coalesce(to_jsonb(NEW) ->> TG_ARGV[0], '*'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- a token revoked, expired, touched or deleted (a new token changes no session: no INSERT)
CREATE TRIGGER auth_notify_access_tokens AFTER UPDATE OR DELETE ON "access_tokens"
  FOR EACH ROW EXECUTE FUNCTION auth_session_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER auth_notify_access_tokens_truncate AFTER TRUNCATE ON "access_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_session_notify();
--> statement-breakpoint
CREATE TRIGGER auth_notify_users AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION auth_session_notify('id');
--> statement-breakpoint
CREATE TRIGGER auth_notify_users_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_session_notify();
--> statement-breakpoint
CREATE TRIGGER auth_notify_user_roles AFTER INSERT OR UPDATE OR DELETE ON "user_roles"
  FOR EACH ROW EXECUTE FUNCTION auth_session_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER auth_notify_user_roles_truncate AFTER TRUNCATE ON "user_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_session_notify();
--> statement-breakpoint
CREATE TRIGGER auth_notify_auth_version AFTER UPDATE ON "auth_version"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_session_notify();
