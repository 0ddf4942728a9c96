import { Link, useSearchParams } from 'wouter';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { SubjectEditor } from './subject-editor.tsx';
import { SubjectList } from './subject-list.tsx';

/** /console/course (admins and teachers): subjects, and with ?subject=ID that subject's chapters, topics and materials. */
export default function CoursePage() {
  const [params, setParams] = useSearchParams();
  const subjectId = Number(params.get('subject')) || null;
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Courses">
        <Link href="/course/deleted" className="font-medium text-blue-800 underline">
          Deleted items
        </Link>
      </ConsolePageHeading>
      {subjectId ? (
        <SubjectEditor key={subjectId} subjectId={subjectId} />
      ) : (
        <SubjectList onAdded={(id) => setParams({ subject: String(id) })} />
      )}
    </div>
  );
}
