-- The rows the demo seed created (db/seed): `npm run portal -- demo remove` deletes exactly these and what is under
-- them, and nothing an institute added, even under the same name (decision 067).
CREATE TABLE demo_rows (
  kind   text NOT NULL CHECK (kind IN ('staff', 'student', 'subject', 'news')),
  row_id integer NOT NULL,
  PRIMARY KEY (kind, row_id)
);

-- One row once the demo is removed: the server never seeds it again, even into a database with no students yet.
CREATE TABLE demo_removed (
  one        boolean PRIMARY KEY DEFAULT true CHECK (one),
  removed_at timestamptz NOT NULL DEFAULT now()
);

-- Installations seeded before this migration: the seed's fixed numbers with their names, its subjects with their
-- demo pictures, its news by heading and picture. Matched once, here, so nothing added later can be taken for them.
INSERT INTO demo_rows (kind, row_id)
  SELECT 'staff', id FROM staff
  WHERE (mobile, name) IN (('+919811100001', 'Asha Admin'), ('+919811100002', 'Tarun Teacher'));
INSERT INTO demo_rows (kind, row_id)
  SELECT 'student', id FROM students
  WHERE (phone_code, mobile, name) IN (('91', '9876543210', 'Arjun Sharma'), ('91', '9123456780', 'Meera Nair'));
INSERT INTO demo_rows (kind, row_id)
  SELECT 'subject', id FROM subjects
  WHERE (name, thumbnail) IN (
    ('Physics', '/media/subjects/physics.webp'), ('Chemistry', '/media/subjects/chemistry.webp'),
    ('Mathematics', '/media/subjects/mathematics.webp'), ('Biology', '/media/subjects/biology.webp'));
INSERT INTO demo_rows (kind, row_id)
  SELECT 'news', id FROM news
  WHERE (heading, image) IN (
    ('Mock test for <strong>JEE Main</strong> this Sunday', '/media/news/mock-test.webp'),
    ('Annual <em>Science Exhibition</em> 2025', '/media/news/science-exhibition.webp'),
    ('Onam holidays: <strong>no classes</strong> from 4 to 8 September', '/media/news/holiday.webp'),
    ('Workshop on <em>exam strategy</em>', '/media/news/workshop.webp'),
    ('Parent-teacher meeting', ''));
