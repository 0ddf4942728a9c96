import { DELETED_LIST_LIMIT, type DeletedItem } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';

/** Topics hidden by "Delete" (they had been watched), newest deletion first, with where they were. */
export function listDeletedTopics(db: Queryable): Promise<DeletedItem[]> {
  return db.query<DeletedItem>(
    `SELECT t.id, t.name, s.name AS subject_name, c.id AS chapter_id, c.name AS chapter_name,
            to_char(t.deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS deleted_at,
            (SELECT count(*)::int FROM watch_progress w WHERE w.topic_id = t.id) AS kept
       FROM topics t JOIN chapters c ON c.id = t.chapter_id JOIN subjects s ON s.id = c.subject_id
      WHERE t.deleted_at IS NOT NULL
      ORDER BY t.deleted_at DESC, t.id DESC LIMIT ${DELETED_LIST_LIMIT}`,
  );
}

/** Shows a hidden topic again where it was; answers its name, or undefined when no hidden topic has this id. */
export async function unhideTopic(tx: Queryable, id: number): Promise<{ name: string } | undefined> {
  const [row] = await tx.query<{ name: string }>(
    'UPDATE topics SET deleted_at = NULL WHERE id = $1 AND deleted_at IS NOT NULL RETURNING name',
    [id],
  );
  return row;
}
