const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

export function PublishedDate({ iso, className = '' }: { iso: string; className?: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={iso} className={`text-sm text-slate-600 ${className}`}>
      {dateFormat.format(date)}
    </time>
  );
}
