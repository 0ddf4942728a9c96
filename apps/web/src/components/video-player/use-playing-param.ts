import { useSearchParams } from 'wouter';
import { numericParam } from '../../lib/route-params.ts';

const PARAM = 'playing';

/**
 * Which video of a list is open, kept in the address (?playing={topic_id}): opening pushes a history
 * entry, so the browser's Back closes the player and shows the list again.
 */
export function usePlayingParam() {
  const [params, setParams] = useSearchParams();
  const playingId = numericParam(params.get(PARAM) ?? undefined);

  const open = (topicId: number) =>
    setParams((prev) => withPlaying(prev, String(topicId)), { state: { openedFromList: true } });

  // Back to the list: undo our own entry when there is one, so Back does not reopen the video.
  const close = () => {
    const state: unknown = window.history.state;
    if (typeof state === 'object' && state !== null && 'openedFromList' in state) window.history.back();
    else setParams((prev) => withPlaying(prev, null), { replace: true });
  };

  return { playingId, open, close };
}

function withPlaying(prev: URLSearchParams, value: string | null) {
  const next = new URLSearchParams(prev);
  if (value === null) next.delete(PARAM);
  else next.set(PARAM, value);
  return next;
}
