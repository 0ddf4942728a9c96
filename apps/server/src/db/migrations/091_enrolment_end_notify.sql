-- A signed video link names the subject it was given for, and the media route serves it only while the session's
-- student is enrolled in that subject (docs/decisions/048). The answer is remembered with the session
-- (sessions/session-cache.ts), so an enrolment that ends, by any code path, instance or command, announces its student
-- on the sessions' channel on commit, and every instance forgets that student's sessions: the link stops on the next
-- request. A new enrolment announces nothing, since only enrolments found are remembered, never their absence. More
-- than 100 students at once (an import, a deleted subject) and a TRUNCATE forget every session.
CREATE FUNCTION announce_enrolment_end() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('session_changed', 'all');
    RETURN NULL;
  END IF;
  SELECT array_agg(DISTINCT student_id) FROM ended INTO ids;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('session_changed', 'all');
  ELSIF ids IS NOT NULL THEN
    PERFORM pg_notify('session_changed', 'student:' || id) FROM unnest(ids) AS id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER enrolments_announce_end_deletes AFTER DELETE ON enrolments REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION announce_enrolment_end();

CREATE TRIGGER enrolments_announce_end_updates AFTER UPDATE ON enrolments REFERENCING OLD TABLE AS ended
  FOR EACH STATEMENT EXECUTE FUNCTION announce_enrolment_end();

CREATE TRIGGER enrolments_announce_end_truncates AFTER TRUNCATE ON enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION announce_enrolment_end();
