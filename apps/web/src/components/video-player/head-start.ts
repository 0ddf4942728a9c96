import { playlistEntries } from '../../lib/hls-playlist-entries.ts';
import { isFinished } from './watch-time.ts';

// A head start for an encoded ladder (docs/decisions/074). hls.js can ask for the master playlist only once its code
// has arrived, and then asks one after another for the master, the lowest step's playlist, its init segment and its
// first segment: on a 400 kbit/s, 400 ms line that is four round trips after two seconds of code. From the tap on, the
// head start fetches that same chain beside the code, and hls.js's loaders (head-start-loader.ts) are answered from it.
// Each file is answered once; whatever hls.js asks for that is not here, or that failed, it fetches as it always did.

/** A file fetched ahead of hls.js: its bytes, the address it was answered from, and when (performance.now()). */
export interface Fetched {
  url: string;
  body: ArrayBuffer;
  start: number;
  first: number;
  end: number;
}

/** A file on its way: what it will be (undefined if it failed or was cancelled), and how to stop waiting for it. */
export interface Ahead {
  file: Promise<Fetched | undefined>;
  cancel(): void;
}

interface Run {
  holders: number;
  stop: AbortController;
  resumeAt: number | null;
  /** The segments wait for the player: a topic may turn out to be downloaded (played from the device). */
  segments: boolean;
  /** The lowest step's playlist, once it arrived. */
  media?: { url: string; text: string };
  segmentsFetched?: boolean;
  stopping?: ReturnType<typeof setTimeout>;
}

interface Offered extends Ahead {
  run: Run;
  /** What hls.js is given of the file when it takes it. */
  handOver?: (file: Fetched) => Fetched;
}

/** What has been fetched or is on its way, by absolute address, until hls.js takes it. */
const ahead = new Map<string, Offered>();
/** Addresses hls.js fetched itself while a head start ran: never fetched a second time by the head start. */
const fetchedByPlayer = new Set<string>();
const runs = new Map<string, Run>();

const absolute = (url: string, base = window.location.href) => {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
};

/**
 * Starts, or joins, the head start of the stream at `src` (an HLS master playlist) and returns how to let go of it:
 * its fetches stop once nothing holds it any more. `segments: false` fetches the playlists only.
 */
export function holdHeadStart(src: string, options: { resumeAt: number | null; segments: boolean }): () => void {
  const key = absolute(src);
  let run = runs.get(key);
  if (!run) {
    run = { holders: 0, stop: new AbortController(), resumeAt: null, segments: false };
    runs.set(key, run);
    fetchPlaylists(key, run);
  }
  clearTimeout(run.stopping);
  run.holders++;
  run.resumeAt = options.resumeAt;
  if (options.segments && !run.segments) {
    run.segments = true;
    fetchFirstSegments(run);
  }
  const held = run;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.holders--;
    // Let go on the next turn: a component that lets go and takes hold again at once (React's strict mode) keeps it.
    if (held.holders === 0) held.stopping = setTimeout(() => stopRun(key, held));
  };
}

function stopRun(key: string, run: Run) {
  if (run.holders > 0 || runs.get(key) !== run) return;
  runs.delete(key);
  run.stop.abort();
  for (const [url, file] of ahead) if (file.run === run) ahead.delete(url);
  if (runs.size === 0) fetchedByPlayer.clear();
}

/**
 * What the head start has for `url`, handed over once; undefined if it has nothing (then the caller fetches it, and
 * the head start will not).
 */
export function takeHeadStart(url: string): Ahead | undefined {
  const key = absolute(url);
  const offered = ahead.get(key);
  if (!offered) {
    if (runs.size > 0) fetchedByPlayer.add(key);
    return undefined;
  }
  ahead.delete(key);
  const { handOver, cancel } = offered;
  return { file: handOver ? offered.file.then((file) => file && handOver(file)) : offered.file, cancel };
}

function offer(run: Run, url: string, then?: (file: Fetched) => void, handOver?: Offered['handOver']): void {
  if (ahead.has(url) || fetchedByPlayer.has(url) || run.stop.signal.aborted) return;
  const stop = new AbortController();
  const stopBoth = () => stop.abort();
  run.stop.signal.addEventListener('abort', stopBoth);
  // Anything that follows from a file (the next file's fetch) is set up before hls.js is handed it.
  const file = fetchFile(url, stop.signal).then((fetched) => {
    run.stop.signal.removeEventListener('abort', stopBoth);
    if (fetched && then) then(fetched);
    return fetched;
  });
  ahead.set(url, { file, cancel: stopBoth, run, handOver });
}

async function fetchFile(url: string, signal: AbortSignal): Promise<Fetched | undefined> {
  const start = performance.now();
  try {
    const response = await fetch(url, { signal });
    const first = performance.now();
    if (!response.ok) return undefined;
    const body = await response.arrayBuffer();
    return { url: response.url || url, body, start, first, end: performance.now() };
  } catch {
    // Offline, refused, cancelled: hls.js fetches it itself and meets the same answer (and its own error handling).
    return undefined;
  }
}

const text = (file: Fetched) => new TextDecoder().decode(file.body);

function fetchPlaylists(masterUrl: string, run: Run) {
  offer(run, masterUrl, (master) => {
    const playlist = text(master);
    const lowest = lowestVariant(playlist);
    if (!lowest) {
      // A stream of one step may be a media playlist itself (then it starts where it starts: no resume offset).
      run.media = { url: master.url, text: playlist };
      fetchFirstSegments(run);
      return;
    }
    offer(
      run,
      absolute(lowest, master.url),
      (media) => {
        run.media = { url: media.url, text: text(media) };
        fetchFirstSegments(run);
      },
      (media) => startingAtResume(media, run.resumeAt),
    );
  });
}

/**
 * A resumed video's playlist as hls.js is given it: with HLS's own tag for where to start (EXT-X-START), so that hls.js
 * fetches the segment the student stopped in first. Without it hls.js fetches the first segment before the player
 * can seek (the video's length, which the seek waits for, is known only once a segment is in).
 */
function startingAtResume(media: Fetched, resumeAt: number | null): Fetched {
  const playlist = text(media);
  const at = startPosition(mediaSegments(playlist).segments, resumeAt);
  if (at === 0 || playlist.includes('#EXT-X-START:')) return media;
  const started = playlist.replace(
    /^#EXTM3U[^\n]*\n?/,
    (head) => `${head.trimEnd()}\n#EXT-X-START:TIME-OFFSET=${at},PRECISE=YES\n`,
  );
  return { ...media, body: new TextEncoder().encode(started).buffer };
}

/** The init segment and the segment the video starts from, both at once, once the playlist and the player are here. */
function fetchFirstSegments(run: Run) {
  const { media } = run;
  if (!run.segments || !media || run.segmentsFetched) return;
  run.segmentsFetched = true;
  const { init, segments } = mediaSegments(media.text);
  const first = segments[segmentAt(segments, run.resumeAt)];
  if (init) offer(run, absolute(init, media.url));
  if (first) offer(run, absolute(first.uri, media.url));
}

/** The address of the lowest-bandwidth variant a master playlist names (where hls.js starts, and Data saver stays). */
function lowestVariant(playlist: string): string | undefined {
  const lines = playlist.split(/\r?\n/).map((line) => line.trim());
  let lowest: { uri: string; bandwidth: number } | undefined;
  lines.forEach((line, index) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Number.POSITIVE_INFINITY);
    const uri = lines.slice(index + 1).find((next) => next && !next.startsWith('#'));
    if (uri && (!lowest || bandwidth < lowest.bandwidth)) lowest = { uri, bandwidth };
  });
  return lowest?.uri;
}

interface Segment {
  uri: string;
  duration: number;
}

/** A media playlist's init segment (EXT-X-MAP) and its segments with their lengths, as written (relative). */
function mediaSegments(playlist: string): { init: string | undefined; segments: Segment[] } {
  const entries = playlistEntries(playlist);
  return {
    init: entries.find((entry) => entry.kind === 'init')?.uri,
    segments: entries.flatMap((entry) => (entry.kind === 'segment' ? [entry] : [])),
  };
}

/** Where a video starts: the resume position, or 0 (a topic watched to its end starts again, as the player does). */
function startPosition(segments: Segment[], resumeAt: number | null): number {
  const total = segments.reduce((sum, segment) => sum + segment.duration, 0);
  return !resumeAt || resumeAt <= 0 || isFinished(resumeAt, total) ? 0 : resumeAt;
}

/** hls.js's `maxFragLookUpTolerance` (its default): a position this close to a segment's end starts the next one. */
const LOOKUP_TOLERANCE = 0.25;

/** The index of the segment a video starts from: the one hls.js picks for its start position. */
function segmentAt(segments: Segment[], resumeAt: number | null): number {
  const at = startPosition(segments, resumeAt);
  let end = 0;
  return Math.max(
    segments.findIndex((segment) => (end += segment.duration) - LOOKUP_TOLERANCE > at),
    0,
  );
}
