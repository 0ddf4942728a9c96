-- The name a file had on the uploader's computer ("Chapter 3 notes.pdf"), kept beside the generated name it is stored
-- under (upload-<hash>.pdf, /media/uploads/<hash>.webm), so the console shows staff the file they chose. Keyed by the
-- stored address, which is its content's hash: the same file uploaded again under another name takes the newer name.
-- Sanitised at upload (resources/media/original-name.ts); a file stored before this, or put in by a content pack,
-- has no row and the console shows its stored name.
CREATE TABLE media_names (
  address text PRIMARY KEY,
  original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 200),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
