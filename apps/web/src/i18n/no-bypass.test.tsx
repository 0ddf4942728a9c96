import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../test/render-app.tsx';
import { chooseLanguage, type Dictionary } from './language.ts';

// A made-up language that marks every text that went through the layer: ⟦Home⟧. The data the screens show is
// marked the same way below, so anything on a screen left unmarked was written past the layer.
vi.mock('./hi.ts', async () => {
  const { fieldLabels, refusalTexts, valuedRefusals } = await import('./refusal-texts.ts');
  const messages = new Proxy({} as Record<string, string>, {
    get: (_, key) => (typeof key === 'string' ? `⟦${key}⟧` : undefined),
  });
  return {
    hindi: {
      messages,
      patterns: [],
      refusals: refusalTexts,
      fields: fieldLabels,
      valued: valuedRefusals,
    } satisfies Dictionary,
  };
});

const mark = (text: string) => `⟦${text}⟧`;
const student = {
  ...demoStudent,
  name: mark('Arjun'),
  profile: { name: mark('Arjun') },
  guardian: mark('Rakesh'),
  state: mark('Karnataka'),
  district: mark('Bengaluru'),
  email: mark('a@example.com'),
  academic_level: mark('Class 12'),
};
const subjects = [{ subject_id: 3, subject_name: mark('Physics'), thumbnail: '/media/physics.svg' }];
const chapters = [{ chapter_id: 11, chapter_name: mark('Units'), subject_id: 3, subject_name: mark('Physics') }];
const topics = [
  {
    topic_id: 21,
    topic_name: mark('Intro'),
    video_link: '/media/videos/21.webm',
    thumbnail: '/t.jpg',
    subject_name: mark('Physics'),
    chapter_name: mark('Units'),
    position_seconds: 7,
    duration_seconds: 12,
  },
];
const watched = [
  {
    topic_id: 21,
    thumbnail: '/t.jpg',
    subject_name: mark('Physics'),
    chapter_name: mark('Units'),
    topic_name: mark('Intro'),
    video_link: '/media/videos/21.webm',
    position_seconds: 7,
    duration_seconds: 12,
    watched_at: '2026-11-22T08:00:00.000Z',
  },
];
const news = [
  {
    id: 11,
    heading: mark('Mock test'),
    images: '/media/news/n.svg',
    news: `<p>${mark('Bring a pencil')}</p>`,
    published_at: '2026-05-12T10:00:00Z',
  },
];

const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
const liveClass = {
  id: 1,
  batch_name: mark('Batch A'),
  class_name: mark('Vectors'),
  tutor_name: mark('Dr. Rao'),
  online_url: 'https://meet.example.com/a',
  starts_at: inAnHour,
  duration_minutes: 60,
  batch_id: 21,
  subject_id: 3,
};
const quiz = {
  quiz: {
    id: 5,
    name: mark('Units quiz'),
    chapter_id: 11,
    max_marks: 3,
    pass_marks: 2,
    allow_retake: true,
    attempted: false,
  },
  questions: [
    { question_id: 30, question: mark('Which is an SI unit?'), options: [mark('Kelvin'), mark('Pound')], marks: 3 },
  ],
};
const attempts = [
  {
    id: 12,
    quiz_id: 5,
    name: mark('Units quiz'),
    added_on: '2025-01-05T06:30:00Z',
    attend_on: '2025-02-10T06:30:00Z',
    max_marks: 3,
    result: 'pass',
    marks: 3,
  },
];
const report = {
  quiz_name: mark('Units quiz'),
  attend_on: '2025-02-10T06:30:00Z',
  analytics: { total_marks_gained: 0, max_marks: 3, result: 'fail' },
  report: [
    {
      question_id: 30,
      question: mark('Which is an SI unit?'),
      options: [mark('Kelvin'), mark('Pound')],
      marks: 3,
      answer: mark('Kelvin'),
      student_answer: mark('Pound'),
    },
  ],
};

const answers = {
  '/Student/batches': () => ok([{ batch_id: 21, batch_name: mark('Batch A') }]),
  '/Student/live_classes': () => ok([liveClass]),
  '/Student/study_materials': () =>
    ok([
      {
        id: 8,
        title: mark('Notes'),
        chapter_name: mark('Units'),
        subject_name: mark('Physics'),
        path: '/console/micros/Api/materials/8/m8.pdf',
      },
    ]),
  '/Student/get_quiz_by_chapter': () => ok([{ id: 5, name: mark('Units quiz'), added_on: '2025-01-05T06:30:00Z' }]),
  '/Student/get_quiz': () => ok(quiz),
  '/Student/my_quiz_history': () => ok(attempts),
  '/Student/quiz_report_by_id': () => ok(report),
  '/Student/get_profile': () => ok(student),
  '/Student/subjects': () => ok({ data: subjects }),
  '/Student/chapters': () => ok(chapters),
  '/Student/topics': () => ok(topics),
  '/Student/recently_watched': () => ok({ data: watched }),
  '/Student/news_events': () => ok(news),
  '/Student/news_event': () => ok(news[0]),
  '/Auth/whatsapp_chat': () => ok({ link: 'https://wa.me/919000000000' }),
};

/** The page's text with every marked part taken out; what is left must hold no words. */
function unmarkedWords(): string[] {
  const text = [
    document.body.textContent ?? '',
    document.title,
    ...[...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((element) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    ),
  ].join(' ');
  // Left out: marked texts, the language names the switch shows in their own script, and a time's am/pm. (Country
  // names come from the browser in the chosen language, here Hindi: no Latin letters.)
  let left = text;
  // Innermost first: a marked text can hold marked values (⟦⟦Vectors⟧ by ⟦Dr. Rao⟧⟧).
  while (/⟦[^⟦⟧]*⟧/.test(left)) left = left.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  left = left.replace(/English|हिन्दी/g, ' ').replace(/(?<=[\d\s])[ap]m(?![A-Za-z])/g, ' ');
  return left.match(/[A-Za-z]{2,}/g) ?? [];
}

beforeAll(() => chooseLanguage('hi'));
afterAll(async () => {
  await chooseLanguage('en');
  localStorage.clear();
});

describe('every text a screen shows goes through the translation layer', { timeout: 20_000 }, () => {
  it.each([
    ['/', mark('Welcome, {name}').replace('{name}', mark('Arjun'))],
    ['/subjects', mark('Physics')],
    ['/chapters/3', mark('Units')],
    ['/topic/11', mark('Intro')],
    ['/history', mark('Intro')],
    ['/profile', mark('Karnataka')],
    ['/news-and-events', mark('Mock test')],
    ['/live-class', mark('Physics')],
    ['/quiz/subjects', mark('Physics')],
    ['/study-materials-subjects', mark('Physics')],
    ['/no-such-page', mark('Page not found')],
    ['/live-batches/3', mark('Batch A')],
    ['/live-classes/3/21', mark('Vectors')],
    ['/study-materials/3/11', mark('Notes')],
    ['/quiz-list/11', mark('Units quiz')],
    ['/quiz-start/5', mark('Which is an SI unit?')],
    ['/reports/11', mark('Units quiz')],
    ['/report-preview/12', mark('Which is an SI unit?')],
  ])('%s', async (path, shown) => {
    mockApi(answers);
    renderApp(path, student);
    await screen.findAllByText(
      (_, element) => element?.textContent === shown || element?.textContent?.includes(shown) === true,
    );
    expect(unmarkedWords()).toEqual([]);
  });

  it('the user menu', async () => {
    mockApi(answers);
    const { user } = renderApp('/', student);
    await user.click(await screen.findByRole('button', { name: /User menu/, expanded: false }));
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getAllByRole('menuitem').length).toBeGreaterThan(3));
    expect(unmarkedWords()).toEqual([]);
  });

  it('the login screen, its code step and the register form', async () => {
    mockApi({
      ...answers,
      '/Auth/login': () => ok({ otp_ref: 'ref-aaaaaaaaaaaaaaaaaaaa', resend_after: 30, otp_length: 4 }),
      '/Auth/registration': () => ok({ mode: 'requests', contact_link: '' }),
      '/Auth/academic_levels': () => ok([]),
    });
    const { user } = renderApp('/login', null);
    await screen.findByRole('button', { name: mark('Send code') });
    expect(unmarkedWords()).toEqual([]);
    await user.click(screen.getByRole('button', { name: mark('New student? Register') }));
    await screen.findByRole('button', { name: mark('Already registered? Sign in') });
    expect(unmarkedWords()).toEqual([]);
    await user.click(screen.getByRole('button', { name: mark('Already registered? Sign in') }));
    await user.click(await screen.findByLabelText(mark('Mobile number')));
    await user.keyboard('9876543210');
    await user.click(screen.getByRole('button', { name: mark('Send code') }));
    await screen.findByRole('button', { name: mark('Submit') });
    await act(() => new Promise((done) => setTimeout(done, 0)));
    expect(unmarkedWords()).toEqual([]);
  });
});
