-- The whole domain of the spec (section 3). Every query a screen makes has an index below.

CREATE TABLE students (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name           text NOT NULL,
  guardian       text NOT NULL DEFAULT '',
  state          text NOT NULL DEFAULT '',
  district       text NOT NULL DEFAULT '',
  email          text NOT NULL DEFAULT '',
  phone_code     text NOT NULL,
  mobile         text NOT NULL,
  academic_level text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (phone_code, mobile)
);

CREATE TABLE subjects (
  id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name      text NOT NULL,
  thumbnail text NOT NULL DEFAULT '',
  position  integer NOT NULL DEFAULT 0
);

-- A student sees only the subjects (and so chapters, topics, batches, materials, quizzes) they are enrolled in.
CREATE TABLE enrolments (
  student_id integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  subject_id integer NOT NULL REFERENCES subjects (id) ON DELETE CASCADE,
  PRIMARY KEY (student_id, subject_id)
);
CREATE INDEX enrolments_subject ON enrolments (subject_id);

CREATE TABLE chapters (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject_id integer NOT NULL REFERENCES subjects (id) ON DELETE CASCADE,
  name       text NOT NULL,
  position   integer NOT NULL DEFAULT 0
);
CREATE INDEX chapters_subject ON chapters (subject_id, position, id);

CREATE TABLE topics (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chapter_id       integer NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
  name             text NOT NULL,
  video_link       text NOT NULL,
  thumbnail        text NOT NULL DEFAULT '',
  duration_seconds integer,
  position         integer NOT NULL DEFAULT 0
);
CREATE INDEX topics_chapter ON topics (chapter_id, position, id);

-- Watch history: the last position per student and topic.
CREATE TABLE watch_progress (
  student_id       integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  topic_id         integer NOT NULL REFERENCES topics (id) ON DELETE CASCADE,
  position_seconds real NOT NULL DEFAULT 0,
  duration_seconds real,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (student_id, topic_id)
);
CREATE INDEX watch_progress_recent ON watch_progress (student_id, updated_at DESC);
CREATE INDEX watch_progress_topic ON watch_progress (topic_id);

CREATE TABLE batches (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subject_id integer NOT NULL REFERENCES subjects (id) ON DELETE CASCADE,
  name       text NOT NULL
);
CREATE INDEX batches_subject ON batches (subject_id, id);

CREATE TABLE live_classes (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  batch_id         integer NOT NULL REFERENCES batches (id) ON DELETE CASCADE,
  class_name       text NOT NULL,
  tutor_name       text NOT NULL,
  online_url       text NOT NULL,
  starts_at        timestamptz NOT NULL,
  duration_minutes integer NOT NULL DEFAULT 60 CHECK (duration_minutes > 0)
);
CREATE INDEX live_classes_batch ON live_classes (batch_id, starts_at);

CREATE TABLE study_materials (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chapter_id integer NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
  title      text NOT NULL,
  -- File name inside the server's materials folder; served only to enrolled students.
  file_name  text NOT NULL,
  position   integer NOT NULL DEFAULT 0
);
CREATE INDEX study_materials_chapter ON study_materials (chapter_id, position, id);

CREATE TABLE quizzes (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chapter_id   integer NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
  name         text NOT NULL,
  pass_marks   integer NOT NULL CHECK (pass_marks >= 0),
  allow_retake boolean NOT NULL DEFAULT true,
  added_on     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quizzes_chapter ON quizzes (chapter_id, added_on DESC, id);

CREATE TABLE questions (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quiz_id        integer NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
  question       text NOT NULL,
  options        jsonb NOT NULL,
  correct_answer text NOT NULL,
  marks          integer NOT NULL CHECK (marks >= 0),
  position       integer NOT NULL DEFAULT 0
);
CREATE INDEX questions_quiz ON questions (quiz_id, position, id);

CREATE TABLE quiz_attempts (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  quiz_id      integer NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
  student_id   integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  marks        integer NOT NULL,
  max_marks    integer NOT NULL,
  result       text NOT NULL CHECK (result IN ('pass', 'fail')),
  -- Same answers from the same student within a short window are one attempt (a double-clicked Submit).
  answers_hash text NOT NULL,
  attended_on  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quiz_attempts_student_quiz ON quiz_attempts (student_id, quiz_id, attended_on DESC);
CREATE INDEX quiz_attempts_quiz ON quiz_attempts (quiz_id);

CREATE TABLE attempt_answers (
  attempt_id  integer NOT NULL REFERENCES quiz_attempts (id) ON DELETE CASCADE,
  question_id integer NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
  answer      text NOT NULL,
  PRIMARY KEY (attempt_id, question_id)
);
CREATE INDEX attempt_answers_question ON attempt_answers (question_id);

CREATE TABLE news (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  heading      text NOT NULL,
  image        text NOT NULL DEFAULT '',
  body         text NOT NULL DEFAULT '',
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX news_published ON news (published_at DESC, id DESC);

-- One sign-in attempt: a code sent to a number. student_id is null for unknown numbers (no enumeration).
CREATE TABLE otp_challenges (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ref_hash     text NOT NULL UNIQUE,
  student_id   integer REFERENCES students (id) ON DELETE CASCADE,
  phone        text NOT NULL,
  client_ip    text NOT NULL,
  code_hash    text NOT NULL,
  failures     integer NOT NULL DEFAULT 0,
  sends        integer NOT NULL DEFAULT 1,
  last_sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_challenges_phone ON otp_challenges (phone, created_at DESC);
CREATE INDEX otp_challenges_ip ON otp_challenges (client_ip, created_at DESC);
CREATE INDEX otp_challenges_student ON otp_challenges (student_id, created_at DESC);

CREATE TABLE sessions (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  student_id integer NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_student ON sessions (student_id);
