-- Every instance remembers a student's answers for a few seconds (http/answer-cache.ts). Whatever changes what an
-- answer says, by any code path, instance or command, announces it here on commit and every instance forgets:
-- a change to one student's rows names that student, a change to shared content (or a bulk change) forgets all.
-- Tables no student answer reads (sessions, codes, staff, audit, registration requests, locks) announce nothing;
-- apps/server/test/answer-cache.test.ts fails when a new table is neither announced nor listed as such.
CREATE FUNCTION announce_content_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('answers_changed', 'all');
  RETURN NULL;
END $$;

-- Statement-level with the changed rows as a transition table named `changed` (and `changed_new` on UPDATE); the
-- first trigger argument names the student column. More than 100 students at once (an import, a restore) forgets all.
CREATE FUNCTION announce_student_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT id) FROM (SELECT %1$I AS id FROM changed UNION SELECT %1$I FROM changed_new) s', TG_ARGV[0]) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM changed', TG_ARGV[0]) INTO ids;
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('answers_changed', 'all');
  ELSIF ids IS NOT NULL THEN
    PERFORM pg_notify('answers_changed', 'student:' || id) FROM unnest(ids) AS id;
  END IF;
  RETURN NULL;
END $$;

-- A quiz's answers belong to its attempt's student.
CREATE FUNCTION announce_answer_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('answers_changed', 'student:' || a.student_id)
       FROM quiz_attempts a WHERE a.id IN (SELECT attempt_id FROM changed UNION SELECT attempt_id FROM changed_new);
  ELSE
    PERFORM pg_notify('answers_changed', 'student:' || a.student_id)
       FROM quiz_attempts a WHERE a.id IN (SELECT DISTINCT attempt_id FROM changed);
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['subjects', 'chapters', 'topics', 'batches', 'live_classes', 'study_materials', 'quizzes',
                           'questions', 'news', 'academic_levels'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_announce_answers AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %1$I
                      FOR EACH STATEMENT EXECUTE FUNCTION announce_content_change()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['students:id', 'enrolments:student_id', 'batch_members:student_id',
                           'watch_progress:student_id', 'quiz_attempts:student_id', 'attempt_answers:'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %1$s_announce_inserts AFTER INSERT ON %1$I REFERENCING NEW TABLE AS changed
         FOR EACH STATEMENT EXECUTE FUNCTION %2$s;
       CREATE TRIGGER %1$s_announce_updates AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS changed NEW TABLE AS changed_new
         FOR EACH STATEMENT EXECUTE FUNCTION %2$s;
       CREATE TRIGGER %1$s_announce_deletes AFTER DELETE ON %1$I REFERENCING OLD TABLE AS changed
         FOR EACH STATEMENT EXECUTE FUNCTION %2$s;
       CREATE TRIGGER %1$s_announce_truncates AFTER TRUNCATE ON %1$I
         FOR EACH STATEMENT EXECUTE FUNCTION announce_content_change()',
      split_part(t, ':', 1),
      CASE WHEN split_part(t, ':', 2) = '' THEN 'announce_answer_change()'
           ELSE format('announce_student_change(%L)', split_part(t, ':', 2)) END);
  END LOOP;
END $$;
