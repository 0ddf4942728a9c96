import { formatDateTime } from '../../lib/date-time.ts';

export function PublishedDate({ iso, className = '' }: { iso: string; className?: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={iso} className={`text-sm text-slate-600 ${className}`}>
      {formatDateTime(date, 'date')}
    </time>
  );
}
