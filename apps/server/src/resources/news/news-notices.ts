import sanitizeHtml from 'sanitize-html';
import type { PushNotice } from '@portal/contract/push';
import type { Queryable } from '../../db/database.ts';
import type { PushSender } from '../../push/push-sender.ts';
import { everySubscription } from '../../push/subscription-repository.ts';

/** Staff asked for the item to be announced when published (now or at its time); asking twice announces it once. */
export async function requestNewsNotice(tx: Queryable, newsId: number) {
  await tx.query('INSERT INTO news_notices (news_id) VALUES ($1) ON CONFLICT (news_id) DO NOTHING', [newsId]);
}

/**
 * Announces each item asked for whose time has come (published, not deleted), to every device that allowed notices.
 * Claimed first, by exactly one caller however many instances tick: an item is announced at most once.
 */
export async function announceDueNews({ db, push, now }: { db: Queryable; push: PushSender; now: Date }) {
  const due = await db.query<{ id: number; heading: string }>(
    `UPDATE news_notices n SET claimed_at = $1::timestamptz
       FROM news
      WHERE news.id = n.news_id AND n.claimed_at IS NULL AND news.deleted_at IS NULL
        AND news.published_at <= $1::timestamptz
      RETURNING news.id, news.heading`,
    [now.toISOString()],
  );
  const sent: { newsId: number; pushed: number; failed: number }[] = [];
  for (const item of due) {
    const devices = await everySubscription(db);
    const notices = newsNotices(item);
    const result = await push.send(
      devices.map((subscription) => ({ subscription, notice: notices[subscription.language] })),
      { ttlSeconds: 24 * 3600, urgency: 'normal' },
    );
    await db.query('UPDATE news_notices SET pushed = $2, failed = $3 WHERE news_id = $1', [
      item.id,
      result.pushed,
      result.failed,
    ]);
    sent.push({ newsId: item.id, ...result });
  }
  return sent;
}

/** The heading as plain text: a notification shows no markup. */
function newsNotices(item: { id: number; heading: string }): Record<'en' | 'hi', PushNotice> {
  const text = decodeEntities(sanitizeHtml(item.heading, { allowedTags: [], allowedAttributes: {} })).trim();
  const url = `/newsandevents/${item.id}`;
  const tag = `news-${item.id}`;
  return {
    en: { title: 'News and events', body: text, url, tag },
    hi: { title: 'समाचार और कार्यक्रम', body: text, url, tag },
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]!);
