import type { HlsConfig, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdHeadStart } from './head-start.ts';
import { HeadStartLoader } from './head-start-loader.ts';
import { freshStats } from '../../lib/hls-loader-stats.ts';

// The head start fetches, from the tap, what hls.js will ask for first, and hls.js's loaders are answered from it
// (docs/decisions/074). Here a fake network stands for the server and a fake loader for hls.js's own (the network's,
// through XMLHttpRequest): what matters is which files cross the line, and how often.

const folder = 'http://localhost/media/v/sig/ladders/abc-v1';

/** A ladder as the encoder writes it: the master lists the steps highest first, so "lowest" is not "first". */
const master = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=1756000,RESOLUTION=1280x720',
  '720p.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=207000,RESOLUTION=426x240',
  '240p.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=510000,RESOLUTION=640x360',
  '360p.m3u8',
].join('\n');
const mediaPlaylist = (step: string) =>
  [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:4',
    `#EXT-X-MAP:URI="${step}-init.m4s"`,
    ...['000', '001', '002', '003'].flatMap((n) => ['#EXTINF:4.000,', `${step}-${n}.m4s`]),
    '#EXT-X-ENDLIST',
  ].join('\n');

/** The server: every file of the ladder, or `refuse` for those it refuses. Returns the addresses fetched, in order. */
function fakeNetwork(answer: (path: string) => Response | 'offline' | undefined = () => undefined) {
  const fetched: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    fetched.push(url.replace(`${folder}/`, ''));
    const path = new URL(url).pathname.split('/').pop() ?? '';
    const given = answer(path);
    if (given === 'offline') throw new TypeError('Failed to fetch');
    if (given) return given;
    if (path === 'master.m3u8') return new Response(master);
    if (path.endsWith('.m3u8')) return new Response(mediaPlaylist(path.replace('.m3u8', '')));
    return new Response(new TextEncoder().encode(`bytes of ${path}`));
  });
  return fetched;
}

/** hls.js's own loader, as `config.loader`: answers every request with "from the network", and notes it. */
const askedTheNetwork: string[] = [];
class NetworkLoader {
  context: LoaderContext | null = null;
  stats: LoaderStats = freshStats();
  load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>) {
    this.context = context;
    askedTheNetwork.push(context.url.replace(`${folder}/`, ''));
    callbacks.onSuccess({ url: context.url, data: 'from the network', code: 200 }, this.stats, context, null);
  }
  abort() {}
  destroy() {}
}
const config = { loader: NetworkLoader } as unknown as HlsConfig;
const loaderConfig = { loadPolicy: { maxLoadTimeMs: 20_000 } } as LoaderConfiguration;

interface Answered {
  url: string;
  data: string;
  stats: LoaderStats;
}

/** hls.js asking its loader for one file, as it does for a playlist (text) or a segment (bytes). */
function ask(file: string, onProgress = false): Promise<Answered> {
  const loader = new HeadStartLoader(config);
  const context = {
    url: `${folder}/${file}`,
    responseType: file.endsWith('.m3u8') ? 'text' : 'arraybuffer',
  } as LoaderContext;
  return new Promise((resolve, reject) => {
    const progressed: unknown[] = [];
    loader.load(context, loaderConfig, {
      onSuccess: (response, stats) => {
        if (onProgress && progressed.length !== 1) reject(new Error('the data did not go to onProgress'));
        const data = response.data;
        resolve({
          url: response.url,
          data: typeof data === 'string' ? data : new TextDecoder().decode(data as ArrayBuffer),
          stats,
        });
      },
      onProgress: onProgress ? (_stats, _context, data) => void progressed.push(data) : undefined,
      onError: (error) => reject(new Error(`error ${error.code}`)),
      onTimeout: () => reject(new Error('timeout')),
    });
  });
}

let releases: (() => void)[] = [];
const hold = (resumeAt: number | null = null, segments = true) =>
  releases.push(holdHeadStart(`${folder}/master.m3u8`, { resumeAt, segments }));

beforeEach(() => {
  askedTheNetwork.length = 0;
});
afterEach(async () => {
  for (const release of releases) release();
  releases = [];
  // The head start lets go on the next turn (strict mode's unmount and mount again keep it).
  await new Promise((resolve) => setTimeout(resolve));
});

describe('the head start of a video', () => {
  it('fetches the master, the lowest step and its first segments once, and hands them to hls.js', async () => {
    const fetched = fakeNetwork();
    hold();
    expect((await ask('master.m3u8')).data).toBe(master);
    const lowest = await ask('240p.m3u8');
    expect(lowest.data).toContain('240p-000.m4s');
    expect(lowest.url).toBe(`${folder}/240p.m3u8`);
    expect((await ask('240p-init.m4s')).data).toBe('bytes of 240p-init.m4s');
    expect((await ask('240p-000.m4s', true)).data).toBe('bytes of 240p-000.m4s');
    // The next segment is hls.js's own business.
    expect((await ask('240p-001.m4s')).data).toBe('from the network');

    expect(fetched).toEqual(['master.m3u8', '240p.m3u8', '240p-init.m4s', '240p-000.m4s']);
    expect(askedTheNetwork).toEqual(['240p-001.m4s']);
  });

  it('reports to hls.js how long a file took to arrive, ending as it is handed over, and its size', async () => {
    fakeNetwork();
    hold();
    await ask('master.m3u8');
    await ask('240p.m3u8');
    const before = performance.now();
    const { stats } = await ask('240p-000.m4s');
    expect(stats.loaded).toBe('bytes of 240p-000.m4s'.length);
    expect(stats.total).toBe(stats.loaded);
    expect(stats.loading.start).toBeLessThanOrEqual(stats.loading.first);
    expect(stats.loading.first).toBeLessThanOrEqual(stats.loading.end);
    expect(stats.loading.end).toBeGreaterThanOrEqual(before);
  });

  it('starts a resumed video where the student stopped: that segment is fetched, and hls.js is told to start there', async () => {
    const fetched = fakeNetwork();
    hold(9.5);
    await ask('master.m3u8');
    // HLS's own tag for where to start: hls.js then asks first for the segment holding it.
    expect((await ask('240p.m3u8')).data).toMatch(/^#EXTM3U\n#EXT-X-START:TIME-OFFSET=9.5,PRECISE=YES\n/);
    expect((await ask('240p-002.m4s')).data).toBe('bytes of 240p-002.m4s');
    expect(fetched).toEqual(['master.m3u8', '240p.m3u8', '240p-init.m4s', '240p-002.m4s']);
  });

  it('fetches the next segment for a position at the very end of one, as hls.js then starts there', async () => {
    const fetched = fakeNetwork();
    hold(7.9);
    await ask('master.m3u8');
    await ask('240p.m3u8');
    expect(fetched).toEqual(['master.m3u8', '240p.m3u8', '240p-init.m4s', '240p-002.m4s']);
  });

  it('starts from the beginning a video watched to its end', async () => {
    const fetched = fakeNetwork();
    hold(15.5);
    await ask('master.m3u8');
    expect((await ask('240p.m3u8')).data).toBe(mediaPlaylist('240p'));
    expect(fetched).toContain('240p-000.m4s');
  });

  it('fetches no segment until the player holds it (a topic may be played from a download)', async () => {
    const fetched = fakeNetwork();
    hold(null, false);
    await ask('master.m3u8');
    await ask('240p.m3u8');
    expect(fetched).toEqual(['master.m3u8', '240p.m3u8']);
    expect((await ask('240p-000.m4s')).data).toBe('from the network');
  });

  it('leaves to hls.js what the server refused: the video plays, or fails, as it did without a head start', async () => {
    const fetched = fakeNetwork((path) =>
      path === 'master.m3u8' ? new Response('expired', { status: 403 }) : undefined,
    );
    hold();
    expect((await ask('master.m3u8')).data).toBe('from the network');
    // Nothing followed from the refused master.
    expect(fetched).toEqual(['master.m3u8']);
    expect((await ask('240p.m3u8')).data).toBe('from the network');
  });

  it('leaves to hls.js a file whose fetch failed (offline), and fetches nothing more after it', async () => {
    const fetched = fakeNetwork((path) => (path === '240p.m3u8' ? 'offline' : undefined));
    hold();
    expect((await ask('master.m3u8')).data).toBe(master);
    expect((await ask('240p.m3u8')).data).toBe('from the network');
    expect((await ask('240p-000.m4s')).data).toBe('from the network');
    expect(fetched).toEqual(['master.m3u8', '240p.m3u8']);
  });

  it('answers nothing for another stream (a download, read from the device by its own loader)', async () => {
    fakeNetwork();
    hold();
    const loader = new HeadStartLoader(config);
    const context = { url: 'http://localhost/offline/topic-7/master.m3u8', responseType: 'text' } as LoaderContext;
    const answered = new Promise((resolve) =>
      loader.load(context, loaderConfig, {
        onSuccess: (response) => resolve(response.data),
        onError: () => resolve('error'),
        onTimeout: () => resolve('timeout'),
      }),
    );
    expect(await answered).toBe('from the network');
    expect(askedTheNetwork).toEqual(['http://localhost/offline/topic-7/master.m3u8']);
  });

  it('stops its fetches once the player lets go, and hls.js then fetches for itself', async () => {
    let stopped = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => {
            stopped = true;
            reject(new DOMException('aborted', 'AbortError'));
          }),
        ),
    );
    const release = holdHeadStart(`${folder}/master.m3u8`, { resumeAt: null, segments: true });
    const answer = ask('master.m3u8');
    release();
    expect((await answer).data).toBe('from the network');
    expect(stopped).toBe(true);
  });
});
