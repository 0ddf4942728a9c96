import { useEffect } from 'react';
import { Link } from 'wouter';

function Problem({ title, text }: { title: string; text: string }) {
  useEffect(() => {
    document.title = `${title} · Console`;
  }, [title]);
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700">{text}</p>
      <Link href="/" className="font-medium text-blue-800 underline underline-offset-2">
        Back to the overview
      </Link>
    </div>
  );
}

export const PageNotAllowed = () => (
  <Problem title="Not for your role" text="Your role does not include this page. An admin can change your role." />
);
export const PageNotFound = () => <Problem title="Page not found" text="There is no such page in the console." />;
