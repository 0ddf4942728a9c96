import { type ChangeEvent, useState } from 'react';

/** While a file goes up and the server works through it: what is under way, and the upload's share done (0 to 1). */
export interface Working {
  step: 'working';
  what: string;
  progress: number;
}

type Progress = (done: number) => void;

/**
 * The steps an import page shares (choose a file, see the server's check of it, commit it): the stage on show, the
 * file chosen (kept as base64, so the bytes committed are the bytes checked), and the last refusal. `run` shows
 * progress while work goes on; if the work fails, the reason is shown and the chooser comes back.
 */
export function useUploadSteps<Stage extends { step: string }>() {
  const [stage, setStage] = useState<Stage | Working | { step: 'choose' }>({ step: 'choose' });
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [problem, setProblem] = useState('');

  const run = async <T>(what: string, work: (progress: Progress) => Promise<T>): Promise<T | undefined> => {
    setProblem('');
    setStage({ step: 'working', what, progress: 0 });
    try {
      return await work((done) => setStage({ step: 'working', what, progress: done }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setStage({ step: 'choose' });
      return undefined;
    }
  };

  /** Reads the file chosen in `event` (`read` may refuse it) and has the server check it (`check`). */
  const choose = async <T>(event: ChangeEvent<HTMLInputElement>, read: (file: File) => Promise<string>, check: (base64: string, progress: Progress) => Promise<T>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return undefined;
    return run(`Checking ${chosen.name}`, async (progress) => {
      const base64 = await read(chosen);
      setFile({ name: chosen.name, base64 });
      return check(base64, progress);
    });
  };

  return { stage, setStage, file, problem, run, choose };
}
