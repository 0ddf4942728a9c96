import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { openTestDatabase } from './helper.ts';

// Migration 097 dropped the answer cache's triggers (docs/decisions/061): a student's everyday writes announce
// nothing any more, while an ended enrolment still ends its student's sessions (migration 091, docs/decisions/048).
describe('what a write announces', () => {
  let db: Database;
  const heard: string[] = [];
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    db = await openTestDatabase('migrated');
    await migrate(db);
    await seedDemo(db);
    for (const channel of ['answers_changed', 'session_changed'])
      stops.push(
        await db.listen!(
          channel,
          (payload) => heard.push(`${channel} ${payload}`),
          () => {},
        ),
      );
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await db.close();
  });

  it('a watch write, a quiz attempt and a content change announce nothing; an ended enrolment announces its student', async () => {
    const [enrolment] = await db.query<{ student_id: number; subject_id: number; topic_id: number }>(
      `SELECT e.student_id, e.subject_id, t.id AS topic_id
         FROM enrolments e JOIN students s ON s.id = e.student_id JOIN chapters c ON c.subject_id = e.subject_id
         JOIN topics t ON t.chapter_id = c.id
        WHERE s.mobile = '9876543210' AND NOT EXISTS (SELECT 1 FROM watch_progress w WHERE w.student_id = s.id AND w.topic_id = t.id)
        ORDER BY t.id LIMIT 1`,
    );
    const { student_id: student, subject_id: subject, topic_id: topic } = enrolment!;
    await db.query('INSERT INTO watch_progress (student_id, topic_id, position_seconds) VALUES ($1, $2, 10)', [
      student,
      topic,
    ]);
    await db.query('UPDATE watch_progress SET position_seconds = 20 WHERE student_id = $1 AND topic_id = $2', [
      student,
      topic,
    ]);
    await db.query('UPDATE quiz_attempts SET marks = marks WHERE student_id = $1', [student]);
    await db.query(`UPDATE news SET heading = heading || '.'`);
    await db.query('DELETE FROM enrolments WHERE student_id = $1 AND subject_id = $2', [student, subject]);
    // Notices reach a listener in commit order: once the last one is heard, any before it would have been too.
    await vi.waitFor(() => expect(heard).toContain(`session_changed student:${student}`), {
      timeout: 10_000,
      interval: 20,
    });
    expect(heard).toEqual([`session_changed student:${student}`]);
  });
});
