-- The per-session answer cache is gone (docs/decisions/061): measured as an institute meets it, it answered 0.35 % of
-- lookups and moved capacity by less than its noise, while every write paid for a NOTIFY. Its triggers and functions
-- of migration 077 go with it. The sessions' notices stay (migrations 060, 080, 091: sessions/session-cache.ts, and
-- through it the end of a signed video link when an enrolment ends, docs/decisions/048).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['subjects', 'chapters', 'topics', 'batches', 'live_classes', 'study_materials', 'quizzes',
                           'questions', 'news', 'academic_levels'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %1$s_announce_answers ON %1$I', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['students', 'enrolments', 'batch_members', 'watch_progress', 'quiz_attempts', 'attempt_answers'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %1$s_announce_inserts ON %1$I;
                    DROP TRIGGER IF EXISTS %1$s_announce_updates ON %1$I;
                    DROP TRIGGER IF EXISTS %1$s_announce_deletes ON %1$I;
                    DROP TRIGGER IF EXISTS %1$s_announce_truncates ON %1$I', t);
  END LOOP;
END $$;

DROP FUNCTION announce_content_change();
DROP FUNCTION announce_student_change();
DROP FUNCTION announce_answer_change();
