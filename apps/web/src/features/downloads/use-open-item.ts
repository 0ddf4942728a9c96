import { useSearchParams } from 'wouter';

const PARAM = 'open';

/**
 * The download open in the player or the viewer, kept in the address (?open=video:12): opening pushes a history entry,
 * so the browser's Back closes it and shows the list again.
 */
export function useOpenItem() {
  const [params, setParams] = useSearchParams();
  const openId = params.get(PARAM) ?? undefined;
  const open = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(PARAM, id);
        return next;
      },
      { state: { openedFromList: true } },
    );
  const close = () => {
    const state: unknown = window.history.state;
    if (typeof state === 'object' && state !== null && 'openedFromList' in state) window.history.back();
    else
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(PARAM);
          return next;
        },
        { replace: true },
      );
  };
  return { openId, open, close };
}
