import { FindForm } from './find-form.tsx';
import { PageInput } from './page-input.tsx';
import type { ViewerController, ViewerState } from './viewer-controller.ts';
import { MAX_ZOOM, MIN_ZOOM } from './zoom.ts';
import { toolButton } from './tool-button.ts';
import { t } from '../../i18n/language.ts';

interface ToolbarProps {
  state: ViewerState;
  controller: ViewerController | undefined;
  onDownload: () => void;
  downloading: boolean;
}

/** Page position, zoom, find and download for the open document. */
export function ViewerToolbar({ state, controller, onDownload, downloading }: ToolbarProps) {
  const percent = Math.round(state.scale * 100);
  return (
    <div
      role="toolbar"
      aria-label={t('Document tools')}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-2 py-2"
    >
      <PageInput page={state.page} pages={state.pages} onGoTo={(page) => controller?.goToPage(page)} />
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={toolButton}
          aria-label={t('Zoom out')}
          disabled={state.scale <= MIN_ZOOM}
          onClick={controller?.zoomOut}
        >
          −
        </button>
        <output aria-label={t('Zoom level')} className="w-12 text-center text-sm">
          {percent}%
        </output>
        <button
          type="button"
          className={toolButton}
          aria-label={t('Zoom in')}
          disabled={state.scale >= MAX_ZOOM}
          onClick={controller?.zoomIn}
        >
          +
        </button>
        <button type="button" className={`${toolButton} px-2 text-sm`} onClick={controller?.fitWidth}>
          {t('Fit width')}
        </button>
      </div>
      <FindForm find={state.find} onFind={(query, previous) => controller?.find(query, previous)} />
      <button
        type="button"
        className={`${toolButton} ml-auto px-2 text-sm sm:px-3`}
        onClick={onDownload}
        disabled={downloading}
        aria-label={t('Download')}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          className="sm:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
        </svg>
        <span aria-hidden="true" className="hidden sm:inline">
          {downloading ? t('Preparing…') : t('Download')}
        </span>
      </button>
    </div>
  );
}
