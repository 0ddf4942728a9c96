/** A file an HLS media playlist names, as written in it (relative): an init segment (EXT-X-MAP) or a media segment. */
export type PlaylistEntry = { kind: 'init'; uri: string } | { kind: 'segment'; uri: string; duration: number };

/** The files a media playlist names, in its order, each segment with its length (EXTINF). */
export function playlistEntries(playlist: string): PlaylistEntry[] {
  const entries: PlaylistEntry[] = [];
  let duration = 0;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map?.[1]) entries.push({ kind: 'init', uri: map[1] });
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length)) || 0;
    else if (line && !line.startsWith('#')) entries.push({ kind: 'segment', uri: line, duration });
  }
  return entries;
}
