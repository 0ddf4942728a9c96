-- Every instance keeps live sessions in memory for a few seconds (resources/auth/session-cache.ts). Whatever ends a
-- session or changes its student (logout, sign-out everywhere, deactivation, a deleted student), by any code path or
-- instance, announces it here on commit, and every instance forgets the session at once.
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_TABLE_NAME = 'students' THEN PERFORM pg_notify('session_changed', 'student:' || OLD.id); ELSE PERFORM pg_notify('session_changed', 'token:' || OLD.token_hash); END IF; RETURN NULL; END $$;

CREATE TRIGGER sessions_announce_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();

CREATE TRIGGER students_announce_change AFTER UPDATE OR DELETE ON students
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
