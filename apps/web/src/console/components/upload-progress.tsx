import type { Working } from '../lib/use-upload-steps.ts';

/** An import's progress: the upload's percentage, then (with no end known) what the server is doing with it. */
export function UploadProgress({ id, working, afterUpload }: { id: string; working: Working; afterUpload: string }) {
  const uploading = working.progress < 1;
  return (
    <div className="space-y-1" role="status">
      <label htmlFor={id} className="font-medium">
        {working.what}: {uploading ? `uploading ${Math.round(working.progress * 100)}%` : afterUpload}
      </label>
      <progress id={id} max={1} value={uploading ? working.progress : undefined} className="block h-3 w-full max-w-md" />
    </div>
  );
}
