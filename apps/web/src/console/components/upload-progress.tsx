import type { Working } from '../lib/use-upload-steps.ts';

/**
 * An import's progress: the upload's percentage, then (with no end known) what the server is doing with it; with
 * `onStop`, a Stop button while the file is still going up (the server stores nothing of a file that broke off).
 */
export function UploadProgress({
  id,
  working,
  afterUpload,
  onStop,
}: {
  id: string;
  working: Working;
  afterUpload: string;
  onStop?: () => void;
}) {
  const uploading = working.progress < 1;
  return (
    <div className="space-y-1" role="status">
      <label htmlFor={id} className="font-medium">
        {working.what}: {uploading ? `uploading ${Math.round(working.progress * 100)}%` : afterUpload}
      </label>
      <progress
        id={id}
        max={1}
        value={uploading ? working.progress : undefined}
        className="block h-3 w-full max-w-md"
      />
      {onStop && uploading ? (
        <button
          type="button"
          onClick={onStop}
          className="rounded-md border border-slate-400 px-2 py-0.5 font-medium hover:bg-slate-100"
        >
          Stop
        </button>
      ) : null}
    </div>
  );
}
