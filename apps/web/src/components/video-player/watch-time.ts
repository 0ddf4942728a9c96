/** Closer to the end than this counts as watched to the end: the video starts again from the beginning. */
export const FINISHED_WITHIN_SECONDS = 2;

export const isFinished = (position: number, duration: number | null | undefined) =>
  !!duration && position >= duration - FINISHED_WITHIN_SECONDS;

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
