import { Loader } from '../status-views.tsx';
import { useSession } from '../../lib/session-store.ts';
import { fileNameOf } from './download-pdf.ts';
import { PasswordForm } from './password-form.tsx';
import PdfPages from './pdf-pages.tsx';
import { usePdfDocument } from './use-pdf-document.ts';
import { toolButton } from './tool-button.ts';
import { t } from '../../i18n/language.ts';

interface DocumentViewerProps {
  url: string;
  title: string;
  onClose: () => void;
  /** The document's bytes, when it is not fetched from `url` (a downloaded copy, docs/decisions/077). */
  data?: Uint8Array<ArrayBuffer>;
  /** The name Download saves it under, when the address does not end with it. */
  fileName?: string;
}

/** The in-page document viewer (loaded lazily: pdf.js comes with it). */
export default function DocumentViewer({ url, title, onClose, data, fileName }: DocumentViewerProps) {
  const token = useSession((s) => s.token);
  const { state, submitPassword, retry } = usePdfDocument(url, token, data);
  return (
    <section
      aria-label={title}
      className="-mx-4 -my-6 flex h-[calc(100dvh-4rem)] flex-col sm:mx-0 sm:my-0 sm:h-[calc(100dvh-7rem)] sm:rounded-xl sm:border sm:border-slate-200 sm:overflow-hidden"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-2">
        <button type="button" onClick={onClose} className={`${toolButton} px-3 text-sm`}>
          {t('← Back')}
        </button>
        <h2 className="min-w-0 flex-1 truncate font-semibold">{title}</h2>
      </div>
      {state.status === 'loading' ? <Loader /> : null}
      {state.status === 'password' ? (
        <PasswordForm key={state.attempt} wrong={state.wrong} onSubmit={submitPassword} />
      ) : null}
      {state.status === 'error' ? (
        <div role="alert" className="mx-auto mt-8 max-w-md px-4 text-center">
          {/* Spec section 8: the error's message, or 'Cannot load document' when it has none. */}
          <p className="text-lg font-semibold text-red-700">{state.message || t('Cannot load document')}</p>
          <button type="button" onClick={retry} className={`${toolButton} mt-4 px-4`}>
            {t('Try again')}
          </button>
        </div>
      ) : null}
      {state.status === 'loaded' ? <PdfPages pdf={state.pdf} fileName={fileName ?? fileNameOf(url)} /> : null}
    </section>
  );
}
