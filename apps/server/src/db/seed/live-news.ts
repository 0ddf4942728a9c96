import type { Queryable } from '../database.ts';
import type { DemoCourses } from './courses.ts';
import { seedNews } from './news-items.ts';

interface DemoClass {
  name: string;
  tutor: string;
  /** Start, in minutes from the time of seeding. */
  startsIn: number;
  minutes: number;
}

const HOUR = 60;
const DAY = 24 * HOUR;

const tutors: Record<string, string> = {
  Physics: 'Dr. Anil Kumar',
  Chemistry: 'Ms. Priya Menon',
  Mathematics: 'Mr. Rahul Verma',
  Biology: 'Dr. Sneha Pillai',
};

/**
 * Each batch has finished, upcoming and (Physics A) running classes, relative to when the demo was seeded:
 * the demo shows every state of a class on the day it is set up. A database seeded days ago shows them finished.
 */
function scheduleFor(subject: string, chapters: string[], batchIndex: number): DemoClass[] {
  const tutor = tutors[subject] ?? 'Guest Tutor';
  const topic = (i: number) => chapters[i % chapters.length] ?? subject;
  if (subject === 'Physics' && batchIndex === 0) {
    return [
      { name: `${topic(0)} - doubt clearing`, tutor, startsIn: -DAY - 2 * HOUR, minutes: 60 },
      { name: 'Dimensional analysis', tutor, startsIn: -3 * HOUR, minutes: 60 },
      { name: topic(1), tutor, startsIn: -20, minutes: 90 },
      { name: 'Graphs of motion', tutor, startsIn: 4 * HOUR, minutes: 60 },
      { name: topic(2), tutor, startsIn: DAY + HOUR, minutes: 60 },
    ];
  }
  const shift = batchIndex * 3 * HOUR;
  return [
    { name: `${topic(0)} - recap`, tutor, startsIn: -DAY + shift, minutes: 60 },
    { name: topic(1), tutor, startsIn: 5 * HOUR + shift, minutes: 60 },
    { name: topic(2), tutor, startsIn: DAY + 2 * HOUR + shift, minutes: 75 },
    { name: `${topic(3)} - practice`, tutor, startsIn: 3 * DAY + shift, minutes: 60 },
  ];
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export async function seedLiveClasses(db: Queryable, courses: DemoCourses, now: Date) {
  // Starts fall on whole five minutes, as timetables do.
  const base = Math.floor(now.getTime() / 300_000) * 300_000;
  for (const subject of courses.subjects) {
    for (const [batchIndex, label] of ['A', 'B'].entries()) {
      const name = `${subject.name} Batch ${label} (${batchIndex === 0 ? 'Morning' : 'Evening'})`;
      const [batch] = await db.query<{ id: number }>(
        `INSERT INTO batches (subject_id, name) VALUES ($1, $2) RETURNING id`,
        [subject.id, name],
      );
      // Its enrolled students are in both of the subject's batches (a student sees the batches they are in).
      await db.query(
        `INSERT INTO batch_members (student_id, batch_id) SELECT student_id, $1 FROM enrolments WHERE subject_id = $2`,
        [batch!.id, subject.id],
      );
      const url = `https://meet.example.com/${slug(subject.name)}-${label.toLowerCase()}`;
      const chapters = subject.chapters.map((c) => c.name);
      for (const lesson of scheduleFor(subject.name, chapters, batchIndex)) {
        await db.query(
          `INSERT INTO live_classes (batch_id, class_name, tutor_name, online_url, starts_at, duration_minutes)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            batch!.id,
            lesson.name,
            lesson.tutor,
            url,
            new Date(base + lesson.startsIn * 60_000).toISOString(),
            lesson.minutes,
          ],
        );
      }
    }
  }
}

/** Batches with live classes for every subject, and the news and events. */
export async function seedLiveNews(db: Queryable, courses: DemoCourses, now = new Date()) {
  await seedLiveClasses(db, courses, now);
  await seedNews(db, now);
}
