import { type ChangeEvent, useRef, useState } from 'react';

/** While a file goes up and the server works through it: what is under way, and the upload's share done (0 to 1). */
export interface Working {
  step: 'working';
  what: string;
  progress: number;
}

type Progress = (done: number) => void;
/** Aborted when the person presses Stop. */
type Work<T> = (progress: Progress, signal: AbortSignal) => Promise<T>;

/**
 * The steps an import page shares (choose a file, see the server's check of it, commit it): the stage on show, the
 * file chosen (its content as read, base64 or bytes, so the bytes committed are the bytes checked), and the last
 * refusal. `run` shows progress while work goes on; `stop` aborts it; if the work fails, the reason is shown and the
 * chooser comes back.
 */
export function useUploadSteps<Stage extends { step: string }, Content = string>() {
  const [stage, setStage] = useState<Stage | Working | { step: 'choose' }>({ step: 'choose' });
  const [file, setFile] = useState<{ name: string; content: Content } | null>(null);
  const [problem, setProblem] = useState('');
  const stopping = useRef<AbortController | null>(null);

  const run = async <T>(what: string, work: Work<T>): Promise<T | undefined> => {
    setProblem('');
    setStage({ step: 'working', what, progress: 0 });
    stopping.current = new AbortController();
    try {
      return await work((done) => setStage({ step: 'working', what, progress: done }), stopping.current.signal);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setStage({ step: 'choose' });
      return undefined;
    }
  };

  /** Reads the file chosen in `event` (`read` may refuse it) and has the server check it (`check`). */
  const choose = async <T>(
    event: ChangeEvent<HTMLInputElement>,
    read: (file: File) => Promise<Content>,
    check: (content: Content, progress: Progress, signal: AbortSignal) => Promise<T>,
  ) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return undefined;
    return run(`Checking ${chosen.name}`, async (progress, signal) => {
      const content = await read(chosen);
      setFile({ name: chosen.name, content });
      return check(content, progress, signal);
    });
  };

  const stop = () => stopping.current?.abort();

  return { stage, setStage, file, problem, run, choose, stop };
}
