import type { NewsItem } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok, refused } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';

// The first screen of a file waits for the lazily loaded app and feature modules to be compiled.

declare global {
  interface Window {
    __newsPwned?: string;
  }
}

const mockTest: NewsItem = {
  id: 11,
  heading: 'Mock test for <strong>JEE Main</strong> this Sunday',
  images: '/media/news/mock-test.svg',
  news: '<p>A full-length <strong>mock test</strong>.</p><p>Read the <a href="https://example.com/rules">rules</a>.</p>',
  published_at: '2026-05-12T10:00:00Z',
};
const hostile: NewsItem = {
  id: 12,
  heading:
    'Workshop on <em>exam strategy</em><script>window.__newsPwned = "heading"</script><img src="x" onerror="window.__newsPwned = \'heading onerror\'">',
  images: 'javascript:alert(1)',
  news:
    '<p>Two hours.</p><script>window.__newsPwned = "body"</script><img src="x" onerror="window.__newsPwned = \'onerror\'">' +
    '<a href="javascript:window.__newsPwned=\'link\'">Register here</a>',
  published_at: '2026-05-10T10:00:00Z',
};

afterEach(() => {
  delete window.__newsPwned;
});

const expectInert = () => {
  expect(document.querySelector('script')).toBeNull();
  expect(document.querySelector('[onerror], [onclick], [onmouseover]')).toBeNull();
  expect(document.querySelector('a[href^="javascript" i], img[src^="javascript" i]')).toBeNull();
  expect(window.__newsPwned).toBeUndefined();
};

describe('/news-and-events', () => {
  it('lists each image and heading (as HTML), newest first, each to its detail', async () => {
    const calls = mockApi({ '/Student/news_events': () => ok([mockTest, hostile]) });
    renderApp('/news-and-events');
    const list = await screen.findByRole('list', { name: 'News and events' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/newsandevents/11', '/newsandevents/12']);
    expect(links[0]).toHaveTextContent('Mock test for JEE Main this Sunday');
    expect(links[1]).toHaveTextContent('Workshop on exam strategy');
    expect(within(links[0]!).getByText('JEE Main').tagName).toBe('STRONG');
    expect(links[0]!.querySelector('img')).toHaveAttribute('src', '/media/news/mock-test.svg');
    expect(calls.find((c) => c.path === '/Student/news_events')?.body).toEqual({ stud_id: demoStudent.stud_id });
  });

  it('renders a hostile heading without its script, handler or image, and no unsafe image address', async () => {
    mockApi({ '/Student/news_events': () => ok([hostile]) });
    renderApp('/news-and-events');
    const link = await screen.findByRole('link', { name: /Workshop on exam strategy/ });
    expect(link.querySelector('img')).toBeNull();
    expectInert();
  });

  it("reads 'No Data Available' without news and 'Something went wrong' on a refusal", async () => {
    mockApi({ '/Student/news_events': () => ok([]) });
    const { unmount } = renderApp('/news-and-events');
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
    unmount();
    mockApi({ '/Student/news_events': () => refused(403, 'You can only see your own account.') });
    renderApp('/news-and-events');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('/newsandevents/{newsId}', () => {
  it('shows heading, image and description as sanitised HTML; links open safely', async () => {
    const calls = mockApi({ '/Student/news_event': () => ok(mockTest) });
    renderApp('/newsandevents/11');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Mock test for JEE Main this Sunday' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('article').querySelector('img')).toHaveAttribute('src', '/media/news/mock-test.svg');
    expect(screen.getByText('mock test').tagName).toBe('STRONG');
    const rules = screen.getByRole('link', { name: 'rules' });
    expect(rules).toHaveAttribute('target', '_blank');
    expect(rules).toHaveAttribute('rel', 'noopener noreferrer');
    expect(calls.find((c) => c.path === '/Student/news_event')?.body).toEqual({ stud_id: demoStudent.stud_id, id: 11 });
  });

  it('renders a hostile item inert: no script, no handlers, no javascript: link', async () => {
    mockApi({ '/Student/news_event': () => ok(hostile) });
    renderApp('/newsandevents/12');
    expect(await screen.findByRole('heading', { level: 2, name: 'Workshop on exam strategy' })).toBeInTheDocument();
    expect(screen.getByText('Register here')).not.toHaveAttribute('href');
    expectInert();
  });

  it('opens from the list at once, showing the listed copy while the item is fetched', async () => {
    mockApi({
      '/Student/news_events': () => ok([mockTest]),
      '/Student/news_event': () => new Promise(() => undefined),
    });
    const { user } = renderApp('/news-and-events');
    await user.click(await screen.findByRole('link', { name: /Mock test/ }));
    expect(window.location.pathname).toBe('/newsandevents/11');
    expect(await screen.findByRole('heading', { level: 2, name: /Mock test/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it("shows 'Something went wrong' for news that does not exist", async () => {
    mockApi({ '/Student/news_event': () => refused(404, 'That news item was not found.') });
    renderApp('/newsandevents/999');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(await screen.findByText('That news item was not found.')).toBeInTheDocument();
  });
});
