import type { AuthoredTopic } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/text-field.tsx';
import { showRefusal } from '../../lib/show-refusal.ts';
import { useCourseActions } from './api/course.ts';
import { FileUpload, videoDuration } from '../../components/file-upload.tsx';
import { FormButtons } from './item-actions.tsx';

type TopicFormProps =
  | { chapterId: number; topic?: undefined; onDone?: undefined }
  | { chapterId?: undefined; topic: AuthoredTopic; onDone: () => void };

/** Adds a topic to a chapter, or changes one: its name, and its video uploaded here or given as a link. */
export function TopicForm({ chapterId, topic, onDone }: TopicFormProps) {
  const { saveTopic } = useCourseActions();
  const [name, setName] = useState(topic?.name ?? '');
  const uploaded = topic?.video_link.startsWith('/media/') ?? false;
  const [source, setSource] = useState<'file' | 'link'>(topic && !uploaded ? 'link' : 'file');
  const [link, setLink] = useState(topic && !uploaded ? topic.video_link : '');
  const [file, setFile] = useState<{ address: string; duration: number | null } | null>(
    uploaded ? { address: topic!.video_link, duration: topic!.duration_seconds } : null,
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  // Pressed while the file is still on its way, the form would not know the stored file yet: it waits.
  const [uploading, setUploading] = useState(false);
  // A new key after each addition empties the file field's status for the next item.
  const [round, setRound] = useState(0);
  const key = topic ? `topic-${topic.id}` : `new-topic-${chapterId}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems({});
    const video = source === 'file' ? file?.address : link;
    if (!video) {
      setProblems({ video_link: source === 'file' ? 'Choose the video file first.' : 'Give the video’s address.' });
      return;
    }
    try {
      const where = topic ? { id: topic.id } : { chapter_id: chapterId };
      const duration = source === 'file' && file?.duration != null ? { duration_seconds: file.duration } : {};
      const answer = await saveTopic.mutateAsync({ ...where, name, video_link: video, ...duration });
      toast.success(answer.message);
      if (onDone) onDone();
      else {
        setName('');
        setLink('');
        setFile(null);
        setRound(round + 1);
      }
    } catch (error) {
      showRefusal(error, setProblems);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={topic ? `Edit ${topic.name}` : 'Add a topic'}
      className="space-y-3 rounded-md bg-slate-50 p-3"
    >
      {topic ? null : <p className="font-medium">Add a topic</p>}
      <TextField id={`${key}-name`} label="Topic name" value={name} onChange={setName} problem={problems.name} />
      <fieldset className="space-y-2">
        <legend className="font-medium">Video</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" name={`${key}-source`} checked={source === 'file'} onChange={() => setSource('file')} />{' '}
            Upload a file
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${key}-source`} checked={source === 'link'} onChange={() => setSource('link')} />{' '}
            A YouTube, Vimeo or .m3u8 link
          </label>
        </div>
        {source === 'file' ? (
          <FileUpload
            key={round}
            id={`${key}-file`}
            label="Video file (mp4 or webm)"
            kind="video"
            hint={file ? 'A video is uploaded; choose another file to replace it.' : undefined}
            onUploadingChange={setUploading}
            onUploaded={(answer, chosen) => {
              setFile({ address: answer.address, duration: null });
              void videoDuration(chosen).then((duration) => setFile({ address: answer.address, duration }));
            }}
          />
        ) : (
          <TextField
            id={`${key}-link`}
            label="Video address"
            hint="https://www.youtube.com/watch?v=…, https://vimeo.com/…, or an https …/playlist.m3u8"
            value={link}
            onChange={setLink}
          />
        )}
        <p
          id={`${key}-video-problem`}
          role={problems.video_link ? 'alert' : undefined}
          className="min-h-5 text-sm text-red-700"
        >
          {problems.video_link}
        </p>
      </fieldset>
      <FormButtons
        submit={topic ? 'Save topic' : 'Add topic'}
        busy={saveTopic.isPending}
        waitingFor={uploading && source === 'file' ? 'Waiting for the video to finish uploading.' : undefined}
        onCancel={onDone}
      />
    </form>
  );
}
