-- Editing a quiz that students have taken never changes what their reports show (docs/features/course-authoring.md):
-- a changed or removed question is retired, not rewritten, and a report shows the questions that were live when
-- the attempt was made. Questions stored before this migration were live from the start.
ALTER TABLE questions ADD COLUMN added_at timestamptz NOT NULL DEFAULT '-infinity';
ALTER TABLE questions ALTER COLUMN added_at SET DEFAULT now();
ALTER TABLE questions ADD COLUMN retired_at timestamptz;
-- A quiz students have taken is hidden rather than deleted, so their attempts and reports stay.
ALTER TABLE quizzes ADD COLUMN deleted_at timestamptz;
