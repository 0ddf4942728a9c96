import type { TopicDownload } from '@portal/contract/downloads';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { dismissDownload, startDownload, useDownloadRun } from '../../lib/downloads/download-runs.ts';
import { formatBytes } from '../../lib/downloads/format-bytes.ts';
import { choiceBytes } from '../../lib/downloads/run-download.ts';
import { useStudentId } from '../../lib/session-store.ts';
import { QueryView } from '../query-view.tsx';
import { DownloadProgress } from './download-progress.tsx';
import { failureText } from './failure-text.ts';
import { useTopicDownload } from './get-topic-download.ts';
import { stepLabel } from './step-label.ts';
import { warmOfflineCode } from './warm-offline-code.ts';
import { t } from '../../i18n/language.ts';

const buttonClass = 'min-h-11 rounded-md px-4 font-semibold';

/**
 * Download for later (docs/decisions/077): the student chooses a step of the topic's video and any of its chapter's
 * study materials, sees what each costs and the total, and follows the download's progress (or cancels it).
 */
export default function DownloadPanel({ topicId, onClose }: { topicId: number; onClose: () => void }) {
  const run = useDownloadRun(topicId);
  const choices = useTopicDownload(topicId);
  return (
    <section
      aria-labelledby="download-heading"
      className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-white p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="download-heading" className="text-lg font-semibold">
          {t('Download for later')}
        </h2>
        <button type="button" onClick={onClose} className={`${buttonClass} border border-slate-300 font-medium`}>
          {t('Close')}
        </button>
      </div>
      {run?.state === 'running' ? (
        <DownloadProgress run={run} onCancel={() => dismissDownload(topicId)} />
      ) : run?.state === 'done' ? (
        <div role="status" className="flex flex-col gap-2">
          <p className="font-medium text-green-800">{t('Downloaded. It plays and opens here without a connection.')}</p>
          <Link href="/downloads" className="font-medium text-blue-700 underline">
            {t('See your downloads')}
          </Link>
        </div>
      ) : (
        <>
          {run?.state === 'failed' ? (
            <p role="alert" className="font-medium text-red-700">
              {failureText(run.reason)}
            </p>
          ) : null}
          <QueryView query={choices} isEmpty={() => false}>
            {(topic) => <DownloadForm topic={topic} />}
          </QueryView>
        </>
      )}
    </section>
  );
}

function DownloadForm({ topic }: { topic: TopicDownload }) {
  const studentId = useStudentId();
  const [stepName, setStepName] = useState(topic.steps[0]?.name);
  const [materialIds, setMaterialIds] = useState<number[]>([]);
  const step = topic.steps.find((s) => s.name === stepName);
  const materials = topic.materials.filter((m) => materialIds.includes(m.id));
  const total = choiceBytes({ step, materials });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!step && materials.length === 0) return;
    dismissDownload(topic.topic_id);
    warmOfflineCode({ video: !!step, pdf: materials.length > 0 });
    startDownload(studentId, { topic, step, materials });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      {topic.steps.length ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">{t('Video quality')}</legend>
          {topic.steps.map((s, i) => (
            <label key={s.name} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="step"
                className="h-5 w-5"
                checked={s.name === stepName}
                onChange={() => setStepName(s.name)}
              />
              {stepLabel(s, i === 0 && topic.steps.length > 1)}
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-slate-700">{t('This video plays from another site and cannot be downloaded.')}</p>
      )}
      {topic.materials.length ? (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">{t('Study materials of this chapter')}</legend>
          {topic.materials.map((m) => (
            <label key={m.id} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="h-5 w-5"
                checked={materialIds.includes(m.id)}
                onChange={(event) =>
                  setMaterialIds((ids) =>
                    event.currentTarget.checked ? [...ids, m.id] : ids.filter((id) => id !== m.id),
                  )
                }
              />
              <span className="min-w-0 break-words">{`${m.title} · ${formatBytes(m.bytes)}`}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="font-medium" data-testid="download-total">
        {t('Total: {size}', { size: formatBytes(total) })}
      </p>
      <button
        type="submit"
        disabled={total === 0}
        className={`${buttonClass} self-start bg-blue-700 text-white disabled:opacity-50`}
      >
        {t('Download')}
      </button>
    </form>
  );
}
