import { useSearchParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

interface OpenMaterialState {
  materialId?: unknown;
}

/**
 * The material open in the viewer. The address carries `learning=true` (spec section 2); which material is
 * open travels in the history entry's state, so Back closes the viewer and a reload reopens the same one.
 */
export function useOpenMaterial() {
  const [params, setParams] = useSearchParams();
  const state = useHistoryState<OpenMaterialState | null>();
  const learning = params.get('learning') === 'true';
  const materialId = learning && typeof state?.materialId === 'number' ? state.materialId : undefined;

  const open = (id: number) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('learning', 'true');
        return next;
      },
      { state: { materialId: id } satisfies OpenMaterialState },
    );
  const close = () => window.history.back();
  /** `learning=true` with no material to show (a link opened in a new tab, a removed material): the list, honestly. */
  const dropLearning = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('learning');
        return next;
      },
      { replace: true },
    );
  return { learning, materialId, open, close, dropLearning };
}
