import { playlistEntries } from '../hls-playlist-entries.ts';

/** The files an HLS media playlist names (its init segment, then its segments), as written in it (relative). */
export const playlistFiles = (playlist: string): string[] => playlistEntries(playlist).map((entry) => entry.uri);

/** A name the store can key a file by: relative, with no way out of its item. */
export const isPlainName = (name: string) => /^[\w.-]+$/.test(name) && !name.startsWith('.');
