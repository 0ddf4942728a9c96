import { sanitizeNewsBody, sanitizeNewsHeading } from '../../domain/sanitize-news.ts';
import type { Queryable } from '../database.ts';
import { markDemo } from './demo-rows.ts';

interface DemoNews {
  heading: string;
  image: string;
  body: string;
  /** Published this many hours before seeding. */
  hoursAgo: number;
}

/**
 * Headings and bodies are HTML, as the institute's editors write them. The fourth item is hostile on purpose:
 * as written it carries a script, an onerror handler and a javascript: link (each would set window.__newsPwned
 * if it ran). It is stored as any other item is, through the console's sanitiser, so none of that is stored;
 * the web app's own sanitising is tried on the raw text in e2e/live-news.test.ts (docs/features/live-and-news.md).
 */
export const demoNews: DemoNews[] = [
  {
    heading: 'Mock test for <strong>JEE Main</strong> this Sunday',
    image: '/media/news/mock-test.webp',
    hoursAgo: 2,
    body: `<p>A full-length <strong>JEE Main mock test</strong> runs this Sunday from <em>9:30 AM to 12:30 PM</em>.</p>
<ul><li>Physics, Chemistry and Mathematics, 90 questions</li><li>Bring your admit card and two pencils</li></ul>
<p>Read the <a href="https://example.com/mock-test-rules">rules of the test</a> before you come.</p>`,
  },
  {
    heading: 'Annual <em>Science Exhibition</em> 2025',
    image: '/media/news/science-exhibition.webp',
    hoursAgo: 26,
    body: `<p>Students of Class 11 and 12 can register a project for the <strong>annual science exhibition</strong>.</p>
<p>Teams of up to three; projects are judged on <u>originality</u> and <u>clarity of explanation</u>.</p>
<ol><li>Register with your class teacher by Friday</li><li>Submit a one-page abstract</li></ol>`,
  },
  {
    heading: 'Onam holidays: <strong>no classes</strong> from 4 to 8 September',
    image: '/media/news/holiday.webp',
    hoursAgo: 72,
    body: `<p>The institute stays closed for Onam. Live classes resume on <strong>9 September</strong>.</p>
<p>Recorded lectures remain available under <em>My Class</em>.</p>`,
  },
  {
    heading:
      'Workshop on <em>exam strategy</em><script>window.__newsPwned = "heading script"</script>' +
      '<img src="x" onerror="window.__newsPwned = \'heading onerror\'">',
    image: '/media/news/workshop.webp',
    hoursAgo: 96,
    body: `<p>A two-hour workshop on planning revision and managing time in the exam hall.</p>
<script>window.__newsPwned = 'body script'; alert('script ran')</script>
<img src="x" alt="" onerror="window.__newsPwned = 'body onerror'; alert('onerror ran')">
<p><a href="javascript:window.__newsPwned='link'">Register here</a> or ask at the front desk.</p>
<p onmouseover="window.__newsPwned = 'mouseover'">Seats are limited to <strong>60</strong>.</p>`,
  },
  {
    heading: 'Parent-teacher meeting',
    image: '',
    hoursAgo: 24 * 7,
    body: `<p>The term's parent-teacher meeting is on <strong>Saturday, 10 AM</strong>. Reports will be shared there.</p>`,
  },
];

/** Stored as the console stores an item: through the same sanitiser (domain/sanitize-news.ts). */
export async function seedNews(db: Queryable, now: Date) {
  for (const item of demoNews) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO news (heading, image, body, published_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [
        sanitizeNewsHeading(item.heading),
        item.image,
        sanitizeNewsBody(item.body),
        new Date(now.getTime() - item.hoursAgo * 3_600_000).toISOString(),
      ],
    );
    await markDemo(db, 'news', row!.id);
  }
}
