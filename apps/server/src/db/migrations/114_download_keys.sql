-- Download for later (docs/decisions/077): a student's downloads are encrypted on their devices with a key the server
-- gives their signed-in session. The key is derived from the server's secret and this row's random salt, and stored
-- nowhere: the database alone cannot give it, nor the secret alone. Deleting the row gives the student a new key
-- (downloads made with the old one then no longer open once a device asks again).
CREATE TABLE download_keys (
  student_id integer PRIMARY KEY REFERENCES students (id) ON DELETE CASCADE,
  salt       text NOT NULL CHECK (length(salt) >= 16),
  created_at timestamptz NOT NULL DEFAULT now()
);
