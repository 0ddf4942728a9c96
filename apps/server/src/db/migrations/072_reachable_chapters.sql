-- The enrolment rule, written once: a student reaches a subject they are enrolled in, and through it its chapters
-- and everything in them (topics, videos, study materials, quizzes, batches). Every student access check reads these
-- views; PostgreSQL inlines them, so each check still runs on enrolments' primary key and chapters_subject.
CREATE VIEW reachable_subjects AS
  SELECT e.student_id, e.subject_id FROM enrolments e;

CREATE VIEW reachable_chapters AS
  SELECT r.student_id, c.id AS chapter_id, c.subject_id
    FROM reachable_subjects r JOIN chapters c ON c.subject_id = r.subject_id;
