import { Link, useParams } from 'wouter';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useNewsItem } from './api/get-news-item.ts';
import { NewsImage } from './news-image.tsx';
import { PublishedDate } from './published-date.tsx';
import { SafeHtml } from '../../components/safe-html/safe-html.tsx';
import { t } from '../../i18n/language.ts';

export default function NewsDetailPage() {
  const news = useNewsItem(numericParam(useParams<{ newsId: string }>().newsId));
  return (
    <Page title={t('News and Events')}>
      <QueryView query={news} isEmpty={() => false}>
        {(item) => (
          <article aria-labelledby="news-heading" className="mx-auto flex max-w-3xl flex-col gap-4">
            <Link
              href="/news-and-events"
              className="self-start font-semibold text-blue-700 underline-offset-2 hover:underline"
            >
              <span aria-hidden="true">‹ </span>
              {t('All news and events')}
            </Link>
            <SafeHtml
              id="news-heading"
              html={item.heading}
              kind="inline"
              as="h2"
              className="text-2xl font-bold leading-snug"
            />
            <PublishedDate iso={item.published_at} />
            <NewsImage src={item.images} eager className="w-full rounded-xl" />
            <SafeHtml
              html={item.news}
              kind="rich"
              className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            />
          </article>
        )}
      </QueryView>
    </Page>
  );
}
