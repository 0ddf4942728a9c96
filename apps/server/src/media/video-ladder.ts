import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

// The HLS ladder of a lecture video (docs/decisions/074): a few steps of the same video, each cut into segments of
// SEGMENT_SECONDS, that hls.js switches between as the line allows. Lectures are mostly still (slides, a
// whiteboard, a face): the lowest step keeps 12 frames a second, which is what lets it fit 2G/3G lines. Segments are
// 4 s: the first one of the lowest step is what a slow line waits for before playback starts.

/** One step of the ladder: its height, frame rate cap and bitrates (bits a second). */
export interface Step {
  height: number;
  fps: number;
  videoBits: number;
  audioBits: number;
}

export const STEPS: readonly Step[] = [
  { height: 240, fps: 12, videoBits: 140_000, audioBits: 48_000 },
  { height: 360, fps: 24, videoBits: 400_000, audioBits: 64_000 },
  { height: 720, fps: 30, videoBits: 1_500_000, audioBits: 96_000 },
];

export const SEGMENT_SECONDS = 4;
/** The ladder's own playlist, which names the steps' playlists beside it. */
export const MASTER = 'master.m3u8';
export const POSTER = 'poster.jpg';

/** What ffprobe tells of a video: enough to plan its ladder. */
export interface Probe {
  durationSeconds: number;
  height: number;
  fps: number;
  hasAudio: boolean;
}

/** A step made: what the console and the bench show. */
export interface MadeStep {
  height: number;
  /** Peak bits a second, as the playlist announces it (video, audio and the container). */
  bandwidth: number;
}

export interface Tools {
  ffmpeg: string;
  ffprobe: string;
}

/** The steps a video of `height` gets: never above its own height, and at least one (at its own height). */
export function planSteps(height: number): Step[] {
  const fitting = STEPS.filter((step) => step.height <= height);
  return fitting.length ? fitting : [{ ...STEPS[0]!, height: Math.max(2, height - (height % 2)) }];
}

export async function probe(tools: Tools, file: string): Promise<Probe> {
  const out = await run(tools.ffprobe, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_entries',
    'format=duration:stream=codec_type,height,avg_frame_rate,duration',
    file,
  ]);
  const info = JSON.parse(out) as {
    format?: { duration?: string };
    streams?: { codec_type?: string; height?: number; avg_frame_rate?: string; duration?: string }[];
  };
  const video = info.streams?.find((stream) => stream.codec_type === 'video');
  if (!video?.height) throw new Error('The file has no video stream ffmpeg can read.');
  const [num = 0, den = 1] = (video.avg_frame_rate ?? '0/1').split('/').map(Number);
  const durationSeconds = Number(info.format?.duration ?? video.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new Error('The video has no length.');
  return {
    durationSeconds,
    height: video.height,
    fps: den > 0 && num > 0 ? num / den : 30,
    hasAudio: info.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
  };
}

/** ffmpeg's arguments for the whole ladder in one run (the source is decoded once), written into `out`. */
export function ladderArguments(source: string, out: string, probed: Probe, steps: Step[]): string[] {
  const filters = [
    `[0:v]split=${steps.length}${steps.map((_, i) => `[in${i}]`).join('')}`,
    ...steps.map(
      (step, i) =>
        `[in${i}]fps=${Math.min(step.fps, Math.round(probed.fps) || step.fps)},scale=-2:${step.height}[v${i}]`,
    ),
  ].join(';');
  const perStep = steps.flatMap((step, i) => [
    '-map',
    `[v${i}]`,
    ...(probed.hasAudio ? ['-map', '0:a:0'] : []),
    `-b:v:${i}`,
    String(step.videoBits),
    `-maxrate:v:${i}`,
    String(Math.round(step.videoBits * 1.1)),
    `-bufsize:v:${i}`,
    String(step.videoBits * 2),
    ...(probed.hasAudio ? [`-b:a:${i}`, String(step.audioBits)] : []),
  ]);
  const names = steps.map((step, i) => `v:${i}${probed.hasAudio ? `,a:${i}` : ''},name:${step.height}p`).join(' ');
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    '-i',
    source,
    '-filter_complex',
    filters,
    ...perStep,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    // A key frame at every segment's start, whatever the frame rate, so every step cuts at the same moments.
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
    ...(probed.hasAudio ? ['-c:a', 'aac', '-ac', '1', '-ar', '44100'] : []),
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    // .m4s, not .mp4: a signed link covers a stream's whole folder only for stream files (signed-links.ts).
    '-hls_fmp4_init_filename',
    '%v-init.m4s',
    '-hls_segment_filename',
    join(out, '%v-%03d.m4s'),
    '-master_pl_name',
    MASTER,
    '-var_stream_map',
    names,
    join(out, '%v.m3u8'),
  ];
}

/**
 * Encodes `source` into `out` (a folder): the ladder, its master playlist and a poster frame. `onProgress` hears
 * 0 to 1 as ffmpeg goes; `signal` stops ffmpeg (the server stopping).
 */
export async function encodeLadder(
  tools: Tools,
  source: string,
  out: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ probe: Probe; steps: MadeStep[] }> {
  const probed = await probe(tools, source);
  const steps = planSteps(probed.height);
  await run(tools.ffmpeg, ladderArguments(source, out, probed, steps), {
    signal,
    onLine(line) {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (match) onProgress(Math.min(1, Number(match[1]) / 1e6 / probed.durationSeconds));
    },
  });
  // The poster: a frame a little way in (a lecture's first frame is often black), 360 px high at most.
  await run(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-ss',
      String(Math.min(5, probed.durationSeconds / 10)),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      `scale=-2:${Math.min(360, probed.height)}`,
      '-q:v',
      '4',
      join(out, POSTER),
    ],
    { signal },
  );
  return { probe: probed, steps: await madeSteps(out, steps) };
}

/** The steps as the master playlist announces them (BANDWIDTH is ffmpeg's measure of the peak), lowest first. */
async function madeSteps(out: string, steps: Step[]): Promise<MadeStep[]> {
  const { readFile } = await import('node:fs/promises');
  const master = await readFile(join(out, MASTER), 'utf8');
  const made = [...master.matchAll(/BANDWIDTH=(\d+)[^\n]*RESOLUTION=\d+x(\d+)/g)].map((match) => ({
    height: Number(match[2]),
    bandwidth: Number(match[1]),
  }));
  if (made.length !== steps.length) throw new Error(`ffmpeg wrote ${made.length} of ${steps.length} steps.`);
  return made.sort((a, b) => a.height - b.height);
}

/** Runs a tool at low priority (the server's requests come first), answering its output; its error text on failure. */
function run(
  command: string,
  args: string[],
  options: { signal?: AbortSignal; onLine?: (line: string) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // Left at normal priority where the system refuses.
    }
    let out = '';
    let err = '';
    if (options.onLine) createInterface({ input: child.stdout }).on('line', options.onLine);
    else child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4000) err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(err.trim().split('\n').slice(-3).join(' ') || `${command} ended with code ${code}`));
    });
  });
}
