-- A student reaches the batches they are members of (docs/decisions/048), and only within a subject they are enrolled
-- in: a membership left behind by an ended enrolment reaches nothing. Every student check of a batch reads this view;
-- PostgreSQL inlines it, so a check runs on the primary keys of batch_members, batches and enrolments.
CREATE VIEW reachable_batches AS
  SELECT m.student_id, b.id AS batch_id, b.subject_id, b.name
    FROM batch_members m
    JOIN batches b ON b.id = m.batch_id
    JOIN reachable_subjects r ON r.student_id = m.student_id AND r.subject_id = b.subject_id;

-- Until now every enrolled student saw every batch of their subjects, so staff had little reason to tick batches on
-- the roster. So that the upgrade takes away nothing a student sees today, a student enrolled in a subject but in none
-- of its batches is put in all of them; one already in some of them keeps exactly those.
INSERT INTO batch_members (student_id, batch_id)
SELECT e.student_id, b.id
  FROM enrolments e
  JOIN batches b ON b.subject_id = e.subject_id
 WHERE NOT EXISTS (SELECT 1 FROM batch_members m JOIN batches mb ON mb.id = m.batch_id
                    WHERE m.student_id = e.student_id AND mb.subject_id = e.subject_id)
ON CONFLICT DO NOTHING;
