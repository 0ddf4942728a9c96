import { Link } from 'wouter';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { useNewsEvents } from './api/get-news-events.ts';
import { NewsImage } from './news-image.tsx';
import { PublishedDate } from './published-date.tsx';
import { SafeHtml } from '../../components/safe-html/safe-html.tsx';
import { t } from '../../i18n/language.ts';

// On a phone a row (small picture beside the heading) keeps several items on screen; wider, a card.
const cardClass =
  'flex h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-blue-400 hover:shadow md:flex-col';

export default function NewsListPage() {
  const news = useNewsEvents();
  return (
    <Page title={t('News and Events')}>
      <QueryView query={news}>
        {(list) => (
          <ul aria-label={t('News and events')} className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {list.map((item) => (
              <li key={item.id}>
                <Link href={`/newsandevents/${item.id}`} className={cardClass}>
                  <NewsImage src={item.images} className="w-32 shrink-0 self-start md:w-full" />
                  <span className="flex min-w-0 flex-1 flex-col gap-1 p-3 md:p-4">
                    <SafeHtml html={item.heading} kind="inline" as="span" className="font-semibold" />
                    <PublishedDate iso={item.published_at} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </Page>
  );
}
