import { commitContentPack, type ContentPackProblem, previewContentPack } from '@portal/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { ImportFileChooser } from '../../components/import-file-chooser.tsx';
import { UploadProgress } from '../../components/upload-progress.tsx';
import { useUploadSteps } from '../../lib/use-upload-steps.ts';
import { readZipFile, uploadPack } from './api/upload-pack.ts';
import { type PackCounts, PackReport } from './pack-report.tsx';

type Stage =
  | { step: 'report'; problems: ContentPackProblem[]; counts: PackCounts | null }
  | { step: 'done'; summary: string };

/** /console/content/import (admins and teachers): upload a zipped content pack, see the importer's report, then commit it. */
export default function ContentImportPage() {
  const { stage, setStage, file, problem, run, choose, stop } = useUploadSteps<Stage, Uint8Array<ArrayBuffer>>();
  const queryClient = useQueryClient();

  const check = async (event: ChangeEvent<HTMLInputElement>) => {
    const answer = await choose(event, readZipFile, (zip, progress, signal) =>
      uploadPack(previewContentPack, zip, progress, signal),
    );
    if (answer) setStage({ step: 'report', ...answer.data });
  };

  const commit = async () => {
    if (!file) return;
    const answer = await run(`Importing ${file.name}`, (progress, signal) =>
      uploadPack(commitContentPack, file.content, progress, signal),
    );
    if (!answer) return;
    if (!answer.data.counts) {
      setStage({ step: 'report', ...answer.data });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ['console'] });
    setStage({ step: 'done', summary: answer.message });
  };

  const changes = stage.step === 'report' && stage.counts ? stage.counts.new + stage.counts.updated : 0;
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Import a course" />
      <ImportFileChooser
        id="pack-file"
        heading="Choose a content pack"
        label="Zip file"
        accept=".zip,application/zip"
        busy={stage.step === 'working'}
        problem={problem}
        onChoose={(event) => void check(event)}
      >
        <p className="text-slate-700 dark:text-slate-300">
          A zip of a folder holding <code className="rounded bg-slate-100 px-1 text-slate-900">content.yaml</code> and
          the pictures, videos and PDFs it names (the format: docs/features/content-pack.md). Items are matched by name,
          so importing the same pack again changes nothing. Nothing is stored until you commit, and a pack with any
          problem stores nothing.
        </p>
      </ImportFileChooser>

      {stage.step === 'working' ? (
        <UploadProgress id="pack-progress" working={stage} afterUpload="checking every item and file…" onStop={stop} />
      ) : null}

      {stage.step === 'report' ? (
        <>
          <PackReport problems={stage.problems} counts={stage.counts} />
          {stage.counts ? (
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                disabled={changes === 0}
                onClick={() => void commit()}
                className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700 disabled:opacity-50"
              >
                Commit the pack
              </button>
              {changes === 0 ? (
                <span className="text-slate-700 dark:text-slate-300">
                  Nothing to change: the course already matches this pack.
                </span>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}

      {stage.step === 'done' ? (
        <section
          aria-labelledby="done-heading"
          className="space-y-2 rounded-lg border border-green-300 bg-green-50 p-4 dark:bg-transparent"
        >
          <h2 id="done-heading" className="text-lg font-semibold">
            Import finished
          </h2>
          <p>{stage.summary}</p>
        </section>
      ) : null}
    </div>
  );
}
