/** The files an HLS media playlist names (its init segment, then its segments), as written in it (relative). */
export function playlistFiles(playlist: string): string[] {
  const files: string[] = [];
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map?.[1]) files.push(map[1]);
    else if (line && !line.startsWith('#')) files.push(line);
  }
  return files;
}

/** A name the store can key a file by: relative, with no way out of its item. */
export const isPlainName = (name: string) => /^[\w.-]+$/.test(name) && !name.startsWith('.');
