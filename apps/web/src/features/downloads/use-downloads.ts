import { useEffect, useState } from 'react';
import type { DownloadItem } from '../../lib/downloads/download-db.ts';
import { listItems, onDownloadsChanged } from '../../lib/downloads/download-store.ts';
import { useStudentId } from '../../lib/session-store.ts';

export type DownloadsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: DownloadItem[] };

/** The student's downloads on this device, read again whenever one is added, finished or deleted. */
export function useDownloads(): DownloadsState & { retry: () => void } {
  const studentId = useStudentId();
  const [state, setState] = useState<DownloadsState>({ status: 'loading' });
  const [tries, setTries] = useState(0);
  useEffect(() => {
    let current = true;
    const read = () =>
      listItems(studentId).then(
        (items) => current && setState({ status: 'ready', items }),
        // No IndexedDB here (a private window that refuses it, a full disk): say so rather than show nothing.
        () => current && setState({ status: 'error' }),
      );
    void read();
    const stop = onDownloadsChanged(() => void read());
    return () => {
      current = false;
      stop();
    };
  }, [studentId, tries]);
  return {
    ...state,
    retry: () => {
      setState({ status: 'loading' });
      setTries((n) => n + 1);
    },
  };
}
