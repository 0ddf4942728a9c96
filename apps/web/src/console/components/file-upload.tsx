import type { MediaKind, MediaUploadAnswer } from '@portal/contract/console';
import { useRef, useState } from 'react';
import { uploadMedia } from '../lib/upload-with-progress.ts';

const accepts: Record<MediaKind, string> = {
  picture: 'image/png,image/jpeg,image/webp',
  video: 'video/mp4,video/webm',
  pdf: 'application/pdf',
};

interface FileUploadProps {
  id: string;
  label: string;
  kind: MediaKind;
  hint?: string;
  /** The stored file, once the server has checked it. */
  onUploaded: (answer: MediaUploadAnswer['data'], file: File) => void;
  /** True while a file is on its way: the form's submit waits for it (the stored file is not known yet). */
  onUploadingChange?: (uploading: boolean) => void;
}

/** Chooses a file and uploads it at once, with a progress bar and a Stop button; the server's refusal is shown under it. */
export function FileUpload({ id, label, kind, hint, onUploaded, onUploadingChange }: FileUploadProps) {
  const [progress, setProgress] = useState<{ name: string; done: number } | null>(null);
  const [problem, setProblem] = useState('');
  const [stored, setStored] = useState('');
  const stop = useRef<AbortController | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem('');
    setStored('');
    setProgress({ name: file.name, done: 0 });
    onUploadingChange?.(true);
    stop.current = new AbortController();
    try {
      const answer = await uploadMedia(
        file,
        kind,
        (done) => setProgress({ name: file.name, done }),
        stop.current.signal,
      );
      setStored(
        `${file.name} is uploaded.${answer.data.password_protected ? ' It asks for a password; students will be asked for it.' : ''}`,
      );
      onUploaded(answer.data, file);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type="file"
        accept={accepts[kind]}
        disabled={progress !== null}
        aria-describedby={`${hint ? `${id}-hint ` : ''}${id}-status`}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5 file:font-medium"
      />
      <div id={`${id}-status`} aria-live="polite" className="min-h-5 text-sm">
        {progress ? (
          <div className="flex flex-wrap items-center gap-2">
            <progress max={1} value={progress.done} aria-label={`Uploading ${progress.name}`} className="h-2 w-40" />
            <span>
              Uploading {progress.name}: {Math.round(progress.done * 100)}%
            </span>
            <button
              type="button"
              onClick={() => stop.current?.abort()}
              className="rounded-md border border-slate-400 px-2 py-0.5 font-medium hover:bg-slate-100"
            >
              Stop
            </button>
          </div>
        ) : problem ? (
          <span className="text-red-700">{problem}</span>
        ) : (
          <span className="text-green-800">{stored}</span>
        )}
      </div>
    </div>
  );
}

/** A video file's length in whole seconds, read by the browser from its metadata; null when it cannot tell. */
export function videoDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (seconds: number | null) => {
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? Math.round(video.duration) : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
