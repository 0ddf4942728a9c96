import {
  commitStudentImport,
  previewStudentImport,
  STUDENT_CSV_TEMPLATE,
  type ImportLine,
} from '@portal/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import type { ChangeEvent } from 'react';
import { Link } from 'wouter';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { ImportFileChooser } from '../../components/import-file-chooser.tsx';
import { UploadProgress } from '../../components/upload-progress.tsx';
import { downloadCsvText } from '../../lib/csv.ts';
import { useUploadSteps } from '../../lib/use-upload-steps.ts';
import { readCsvFile, uploadCsv } from './api/upload-csv.ts';
import { type ImportCounts, ImportPreview } from './import-preview.tsx';

type Stage =
  | { step: 'preview'; lines: ImportLine[]; counts: ImportCounts; ignored_columns: string[] }
  | { step: 'done'; summary: string; skipped: ImportLine[] };

/** /console/students/import (admins): upload a CSV, see every line's fate, then commit the valid lines at once. */
export default function ImportPage() {
  const { stage, setStage, file, problem, run, choose, stop } = useUploadSteps<Stage>();
  const queryClient = useQueryClient();

  const check = async (event: ChangeEvent<HTMLInputElement>) => {
    const answer = await choose(event, readCsvFile, (base64, progress, signal) =>
      uploadCsv(previewStudentImport, base64, progress, signal),
    );
    if (answer) setStage({ step: 'preview', ...answer.data });
  };

  const commit = async () => {
    if (!file) return;
    const answer = await run(`Importing ${file.name}`, (progress, signal) =>
      uploadCsv(commitStudentImport, file.content, progress, signal),
    );
    if (!answer) return;
    await queryClient.invalidateQueries({ queryKey: ['console', 'students'] });
    setStage({ step: 'done', summary: answer.message, skipped: answer.data.skipped });
  };

  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Import students">
        <Link href="/students" className="font-medium text-blue-800 underline">
          Back to students
        </Link>
      </ConsolePageHeading>
      <ImportFileChooser
        id="csv-file"
        heading="Choose a CSV file"
        label="CSV file"
        accept=".csv,text/csv"
        busy={stage.step === 'working'}
        problem={problem}
        onChoose={(event) => void check(event)}
      >
        <p className="text-slate-700">
          A sheet saved as &ldquo;CSV UTF-8&rdquo;, with headings in the first line: name, mobile, guardian, email,
          state, district, academic level (or class), subjects and batches, in any order and under their usual names
          (Student Name, Mobile No., Father&rsquo;s Name&hellip;). Only name and mobile are required; subjects and
          batches are names separated by <code>;</code>. Nothing is stored until you commit.
        </p>
        <p>
          <button
            type="button"
            onClick={() => downloadCsvText('students-template.csv', `\uFEFF${STUDENT_CSV_TEMPLATE}`)}
            className="font-medium text-blue-800 underline"
          >
            Download a template (CSV)
          </button>
        </p>
      </ImportFileChooser>

      {stage.step === 'working' ? (
        <UploadProgress id="import-progress" working={stage} afterUpload="reading every line…" onStop={stop} />
      ) : null}

      {stage.step === 'preview' ? (
        <>
          <ImportPreview lines={stage.lines} counts={stage.counts} ignoredColumns={stage.ignored_columns} />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              disabled={stage.counts.new + stage.counts.updated === 0}
              onClick={() => void commit()}
              className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700 disabled:opacity-50"
            >
              Commit {stage.counts.new + stage.counts.updated}{' '}
              {stage.counts.new + stage.counts.updated === 1 ? 'line' : 'lines'}
            </button>
            {stage.counts.error ? <span className="text-slate-700">Lines with errors are skipped.</span> : null}
            {stage.counts.new + stage.counts.updated === 0 ? (
              <span className="text-slate-700">Nothing to change.</span>
            ) : null}
          </div>
        </>
      ) : null}

      {stage.step === 'done' ? (
        <section
          aria-labelledby="done-heading"
          className="space-y-2 rounded-lg border border-green-300 bg-green-50 p-4"
        >
          <h2 id="done-heading" className="text-lg font-semibold">
            Import finished
          </h2>
          <p>{stage.summary}</p>
          {stage.skipped.length ? (
            <ul className="list-inside list-disc text-sm">
              {stage.skipped.map((line) => (
                <li key={line.line}>
                  Line {line.line} skipped: {line.message}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
