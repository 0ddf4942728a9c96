import { useCallback, useEffect, useRef, useState } from 'react';
import { openPdf, PasswordResponses, ResponseException, type PDFDocumentProxy } from './pdfjs.ts';
import { t } from '../../i18n/language.ts';

export type DocumentState =
  | { status: 'loading' }
  | { status: 'password'; wrong: boolean; attempt: number }
  | { status: 'error'; message: string }
  | { status: 'loaded'; pdf: PDFDocumentProxy };

function describe(error: unknown): string {
  if (error instanceof ResponseException) {
    if (error.status === 401) return t('Your session has ended. Please sign in again.');
    if (error.status === 404) return t('This document is not available to you.');
    // pdf.js would say `Unexpected server response (500) while retrieving PDF "http://…"`: nothing a student can use.
    return t('Cannot load document: the server or the connection failed. Please try again.');
  }
  return error instanceof Error ? error.message : '';
}

/**
 * Opens a PDF: loading, then a password prompt (again after a wrong one), an error, or the open document.
 * `retry` opens it again after an error.
 */
export function usePdfDocument(url: string, token: string | null, data?: Uint8Array<ArrayBuffer>) {
  const [state, setState] = useState<DocumentState>({ status: 'loading' });
  const [tries, setTries] = useState(0);
  const answer = useRef<((password: string) => void) | null>(null);

  useEffect(() => {
    let current = true;
    let attempt = 0;
    const task = openPdf(url, token, data);
    task.onPassword = (respond: (password: string) => void, reason: number) => {
      answer.current = respond;
      if (current)
        setState({ status: 'password', wrong: reason === PasswordResponses.INCORRECT_PASSWORD, attempt: attempt++ });
    };
    task.promise.then(
      (pdf) => current && setState({ status: 'loaded', pdf }),
      (error: unknown) => current && setState({ status: 'error', message: describe(error) }),
    );
    return () => {
      current = false;
      void task.destroy();
    };
  }, [url, token, data, tries]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setTries((n) => n + 1);
  }, []);

  const submitPassword = useCallback((password: string) => {
    setState({ status: 'loading' });
    answer.current?.(password);
  }, []);

  return { state, submitPassword, retry };
}
