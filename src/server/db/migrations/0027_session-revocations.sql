CREATE TABLE "revoked_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"account_key" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_sessions_revoked_at_idx" ON "revoked_sessions" USING btree ("revoked_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_key_idx" ON "sign_in_failures" USING btree ("account_key","failed_at");--> statement-breakpoint
-- Every deleted session that had not expired yet (sign-out, revoke-session(s), a password reset or
-- change, an administrator disabling the account, a deleted account) is remembered by the SHA-256 of its
-- token for ten minutes and announced on `session_revoked`: every instance then refuses its signed
-- session copy at once (auth/revoked-sessions.ts) instead of trusting it until the copy expires.
CREATE FUNCTION "remember_revoked_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  remembered integer;
BEGIN
  INSERT INTO public.revoked_sessions (token_hash, revoked_at)
    SELECT encode(sha256(convert_to(d.token, 'UTF8')), 'hex'), now() FROM deleted_rows d WHERE d.expires_at > now()
    ON CONFLICT (token_hash) DO UPDATE SET revoked_at = excluded.revoked_at;
  GET DIAGNOSTICS remembered = ROW_COUNT;
  IF remembered > 0 THEN
    DELETE FROM public.revoked_sessions WHERE revoked_at < now() - interval '10 minutes';
    PERFORM pg_notify('session_revoked', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "session_delete_remember" AFTER DELETE ON "session"
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION "remember_revoked_sessions"();
