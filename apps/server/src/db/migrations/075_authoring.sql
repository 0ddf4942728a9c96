-- Authoring in the console (docs/features/course-authoring.md).
-- A topic students have watched is hidden rather than deleted, so their watch history (and insights) keeps it.
ALTER TABLE topics ADD COLUMN deleted_at timestamptz;
-- A study material whose PDF asks for a password, recognised when it is uploaded.
ALTER TABLE study_materials ADD COLUMN password_protected boolean NOT NULL DEFAULT false;
