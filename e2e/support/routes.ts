import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** The student app's routes, filled in with the first subject, chapter, batch, quiz and news item the student has. */
export async function everyRoute(page: Page): Promise<string[]> {
  const { token, user } = await page.evaluate(
    () => JSON.parse(localStorage.getItem('userData')!).state as { token: string; user: { stud_id: number } },
  );
  const call = async (path: string, body: object) => {
    const response = await fetch(`${inject('baseUrl')}/console/micros/Api/Student/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Token: token },
      body: JSON.stringify({ stud_id: user.stud_id, ...body }),
    });
    return ((await response.json()) as { data: any }).data;
  };
  const subject = (await call('subjects', {})).data[0].subject_id as number;
  const chapters = (await call('chapters', { sub_id: subject })) as { chapter_id: number }[];
  const batch = ((await call('batches', { sub_id: subject })) as { batch_id: number }[])[0]!.batch_id;
  let chapter = chapters[0]!.chapter_id;
  let quiz = 0;
  for (const { chapter_id } of chapters) {
    const quizzes = (await call('get_quiz_by_chapter', { chapter_id })) as { id: number }[];
    if (quizzes[0]) {
      chapter = chapter_id;
      quiz = quizzes[0].id;
      break;
    }
  }
  const news = ((await call('news_events', {})) as { id: number }[])[0]!.id;
  return [
    '/',
    '/subjects',
    `/chapters/${subject}`,
    `/topic/${chapter}`,
    '/history',
    '/study-materials-subjects',
    `/study-materials-chapter/${subject}`,
    `/study-materials/${subject}/${chapter}`,
    '/live-class',
    `/live-batches/${subject}`,
    `/live-classes/${subject}/${batch}`,
    '/quiz/subjects',
    `/quiz-chapters/${subject}`,
    `/quiz-list/${chapter}`,
    `/quiz-start/${quiz}`,
    `/reports/${chapter}`,
    '/news-and-events',
    `/newsandevents/${news}`,
    '/profile',
    '/downloads',
    '/no-such-page',
  ];
}
