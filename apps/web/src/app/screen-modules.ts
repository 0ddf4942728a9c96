// The screens of the signed-in app, one lazily loaded module each, by route pattern (wouter's syntax).
// scripts/write-boot-script.mjs reads this table too: boot.js preloads a returning student's screen.
export const screenModules = {
  '/': () => import('../features/home/home-page.tsx'),
  '/profile': () => import('../features/profile/profile-page.tsx'),
  '/study-materials-subjects': () => import('../features/study-materials/subjects-page.tsx'),
  '/study-materials-chapter/:subId': () => import('../features/study-materials/chapters-page.tsx'),
  '/study-materials/:subId/:chapterId': () => import('../features/study-materials/materials-page.tsx'),
  '/live-class': () => import('../features/live-classes/live-subjects-page.tsx'),
  '/live-batches/:subId': () => import('../features/live-classes/batches-page.tsx'),
  '/live-classes/:subId/:bId': () => import('../features/live-classes/live-classes-page.tsx'),
  '/live': () => import('../features/live-classes/live-page.tsx'),
  '/news-and-events': () => import('../features/news/news-list-page.tsx'),
  '/newsandevents/:newsId': () => import('../features/news/news-detail-page.tsx'),
  '/subjects': () => import('../features/subjects/subjects-page.tsx'),
  '/chapters/:subId': () => import('../features/subjects/chapters-page.tsx'),
  '/topic/:chapterId': () => import('../features/topics/topics-page.tsx'),
  '/history': () => import('../features/history/history-page.tsx'),
  '/quiz/subjects': () => import('../features/quizzes/quiz-subjects-page.tsx'),
  '/quiz-chapters/:subId': () => import('../features/quizzes/quiz-chapters-page.tsx'),
  '/quiz-list/:chapterId': () => import('../features/quizzes/quiz-list-page.tsx'),
  '/quiz-start/:quizId': () => import('../features/quizzes/quiz-start-page.tsx'),
  '/reports/:chapterId': () => import('../features/quizzes/reports-page.tsx'),
  '/report-preview/:attemptId': () => import('../features/quizzes/report-preview-page.tsx'),
} as const;

