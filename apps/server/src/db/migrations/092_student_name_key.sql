-- migrate: outside a transaction
-- A student's name as it is searched (docs/decisions/056): each word as written and its loose phonetic Latin form, so a
-- name in Devanagari is found by Latin letters and one in Latin by Devanagari. Built in TypeScript (name-key.ts) when a
-- name is written; rows from before this are filled at start (fill-name-keys.ts), and meanwhile found by name_words.
-- Outside a transaction so that the index is built while the version before goes on serving (decision 053).
ALTER TABLE students ADD COLUMN IF NOT EXISTS name_key tsvector;
-- A build cut short leaves an invalid index of that name: drop it, so the retry builds it anew.
DROP INDEX CONCURRENTLY IF EXISTS students_name_key;
CREATE INDEX CONCURRENTLY students_name_key ON students USING gin (name_key);
-- The rows still to fill, found at each start without reading the table.
DROP INDEX CONCURRENTLY IF EXISTS students_name_key_missing;
CREATE INDEX CONCURRENTLY students_name_key_missing ON students (id) WHERE name_key IS NULL;
