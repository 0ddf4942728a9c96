import type { AuthoredMaterial } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/text-field.tsx';
import { showRefusal } from '../../lib/show-refusal.ts';
import { useCourseActions } from './api/course.ts';
import { FileUpload } from '../../components/file-upload.tsx';
import { FormButtons } from './item-actions.tsx';

type MaterialFormProps =
  | { chapterId: number; material?: undefined; onDone?: undefined }
  | { chapterId?: undefined; material: AuthoredMaterial; onDone: () => void };

/** Adds a study material (a PDF uploaded here) to a chapter, or renames one or replaces its PDF. */
export function MaterialForm({ chapterId, material, onDone }: MaterialFormProps) {
  const { saveMaterial } = useCourseActions();
  const [title, setTitle] = useState(material?.title ?? '');
  const [fileName, setFileName] = useState(material?.file_name ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  // Pressed while the file is still on its way, the form would not know the stored file yet: it waits.
  const [uploading, setUploading] = useState(false);
  // A new key after each addition empties the file field's status for the next item.
  const [round, setRound] = useState(0);
  const key = material ? `material-${material.id}` : `new-material-${chapterId}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems({});
    if (!fileName) {
      setProblems({ file_name: 'Choose the PDF first.' });
      return;
    }
    try {
      const where = material ? { id: material.id } : { chapter_id: chapterId };
      toast.success((await saveMaterial.mutateAsync({ ...where, title, file_name: fileName })).message);
      if (onDone) onDone();
      else {
        setTitle('');
        setFileName('');
        setRound(round + 1);
      }
    } catch (error) {
      showRefusal(error, setProblems);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={material ? `Edit ${material.title}` : 'Add a study material'}
      className="space-y-3 rounded-md bg-slate-50 p-3"
    >
      {material ? null : <p className="font-medium">Add a study material</p>}
      <TextField id={`${key}-title`} label="Title" value={title} onChange={setTitle} problem={problems.title} />
      <FileUpload
        key={round}
        id={`${key}-file`}
        label={material ? 'Replace the PDF (optional)' : 'PDF file'}
        kind="pdf"
        hint="Up to 50 MB unless the institute set another limit. A password-protected PDF is recognised; students are asked for its password."
        onUploadingChange={setUploading}
        onUploaded={(answer) => setFileName(answer.address)}
      />
      <p role={problems.file_name ? 'alert' : undefined} className="min-h-5 text-sm text-red-700">
        {problems.file_name}
      </p>
      <FormButtons
        submit={material ? 'Save material' : 'Add material'}
        busy={saveMaterial.isPending}
        waitingFor={uploading ? 'Waiting for the PDF to finish uploading.' : undefined}
        onCancel={onDone}
      />
    </form>
  );
}
