-- The roster: staff deactivate a student without deleting anything, enrol them in batches, and search
-- 100,000 students by name or number with an index for each (docs/decisions/011).
ALTER TABLE students ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE students ADD COLUMN deactivated_at timestamptz;

-- A student's batches (each within a subject the student is enrolled in).
CREATE TABLE batch_members (
  student_id integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  batch_id   integer NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  PRIMARY KEY (student_id, batch_id)
);
CREATE INDEX batch_members_batch ON batch_members (batch_id);

-- Alphabetical pages (keyset: lower(name), id), word-prefix search by name, prefix search by number.
CREATE INDEX students_name_order ON students (lower(name), id);
-- The words are stored, not computed per row: a search that walks the alphabetical index checks each row cheaply.
ALTER TABLE students ADD COLUMN name_words tsvector GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED;
CREATE INDEX students_name_words ON students USING gin (name_words);
CREATE INDEX students_mobile_prefix ON students (mobile text_pattern_ops);
