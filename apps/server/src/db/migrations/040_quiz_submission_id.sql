-- A submission's own id (a UUID the web app makes when the student starts the quiz): stored once per
-- student, so a retry that arrives however late finds the first attempt instead of storing a second one.
ALTER TABLE quiz_attempts ADD COLUMN submission_id uuid;
CREATE UNIQUE INDEX quiz_attempts_submission ON quiz_attempts (student_id, submission_id) WHERE submission_id IS NOT NULL;
