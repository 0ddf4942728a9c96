import type { Database, Queryable } from '../database.ts';
import { underMigrationLock } from '../migrate.ts';
import { seedCourses } from './courses.ts';
import { seedMaterials } from './materials.ts';
import { seedLiveNews } from './live-news.ts';
import { seedLearning } from './learning.ts';
import { seedQuizzes } from './quizzes.ts';
import { seedStaff } from './staff.ts';

/**
 * Fills an empty database with the demo data; a database that has students, or whose demo was removed (`demo remove`),
 * is left alone. Under the migration lock, so of several instances starting together exactly one fills it.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  return underMigrationLock(db, async (tx) => {
    const [row] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM students');
    if (row && row.count > 0) return false;
    if (await demoWasRemoved(tx)) return false;
    const courses = await seedCourses(tx);
    await seedMaterials(tx, courses);
    await seedLiveNews(tx, courses);
    await seedLearning(tx, courses);
    await seedQuizzes(tx, courses);
    await seedStaff(tx);
    return true;
  });
}

/** `demo remove --commit` has run here: neither the demo's rows nor its files come back (decision 067). */
export async function demoWasRemoved(db: Queryable): Promise<boolean> {
  return (await db.query('SELECT 1 FROM demo_removed')).length > 0;
}
