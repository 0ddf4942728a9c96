// Every call of the console API. The role-matrix test, the OpenAPI document and the server's check that every
// call is served all read this module: a call declared here (with its roles) is covered without more work.
export * from './console/common.ts';
export * from './console/auth.ts';
export * from './console/staff.ts';
export * from './console/students.ts';
export * from './console/registrations.ts';
export * from './console/academic-levels.ts';
export * from './console/sign-in-locks.ts';
export * from './console/content-pack.ts';
export * from './console/audit-log.ts';
export * from './console/news.ts';
export * from './console/insights.ts';
export * from './console/course.ts';
export * from './console/schedule.ts';
export * from './console/quizzes.ts';
export * from './console/deleted-items.ts';
export * from './console/registration-budget.ts';
export * from './console/go-live.ts';
export * from './console/messages.ts';
