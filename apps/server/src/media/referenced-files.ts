import type { Queryable } from '../db/database.ts';

/**
 * Every column that holds a stored file: an address under /media/ (pictures, videos, HLS playlists) or a name in the
 * materials folder; an encoded video's ladder counts (its playlist, so its whole folder) while a topic holds its
 * source. A new column that holds one belongs here, or `media prune` would take its files for garbage.
 * Hidden rows (a deleted topic keeps its watch history, a deleted news item its record) still count.
 */
const MEDIA_ADDRESSES = `
  SELECT thumbnail AS address FROM subjects
  UNION SELECT thumbnail FROM topics
  UNION SELECT video_link FROM topics
  UNION SELECT e.playlist FROM video_encodings e JOIN topics t ON t.video_link = e.source WHERE e.playlist IS NOT NULL
  UNION SELECT image FROM news`;

/** An address under /media/ written into a news item's text (a link or picture a writer pasted). */
const IN_TEXT = /\/media\/[\w./%-]+/g;

export interface ReferencedFiles {
  /** Paths under the media folder, as the address names them (without /media/). */
  media: Set<string>;
  /** File names in the materials folder. */
  materials: Set<string>;
}

export async function findReferencedFiles(db: Queryable): Promise<ReferencedFiles> {
  const addresses = await db.query<{ address: string }>(
    `SELECT address FROM (${MEDIA_ADDRESSES}) a WHERE address LIKE '/media/%'`,
  );
  const bodies = await db.query<{ body: string }>(`SELECT body FROM news WHERE body LIKE '%/media/%'`);
  const materials = await db.query<{ file_name: string }>(`SELECT DISTINCT file_name FROM study_materials`);
  const media = new Set(addresses.map((row) => row.address.slice('/media/'.length)));
  for (const { body } of bodies)
    for (const [address] of body.matchAll(IN_TEXT)) media.add(address.slice('/media/'.length));
  return { media, materials: new Set(materials.map((row) => row.file_name)) };
}
