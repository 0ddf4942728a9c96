import { adminsOnly, everyStaffRole, type StaffRole } from '@portal/contract/console';
import type { ComponentType } from 'react';
import { preloadableLazy } from '../../lib/preloadable-lazy.tsx';

export interface ConsolePage {
  /** Under /console. */
  path: string;
  /** In the navigation and the page's heading. */
  label: string;
  /** Who sees it in the navigation and may open it: the roles of the console calls it makes. */
  roles: readonly StaffRole[];
  /** Its code loads when first opened, tried again as the student app's screens are (lib/preloadable-lazy.tsx). */
  screen: ComponentType;
  /** Shown beside the label in the navigation, e.g. how many requests wait (renders nothing when there is nothing to say). */
  badge?: ComponentType;
}

/** Every page of the console, in navigation order. A new page is one entry here (and its feature folder). */
export const consolePages: ConsolePage[] = [
  { path: '/', label: 'Overview', roles: everyStaffRole, screen: preloadableLazy(() => import('./overview-page.tsx')) },
  {
    path: '/students',
    label: 'Students',
    roles: everyStaffRole,
    screen: preloadableLazy(() => import('../features/students/students-page.tsx')),
  },
  {
    path: '/students/new',
    label: 'Add a student',
    roles: adminsOnly,
    screen: preloadableLazy(() => import('../features/students/add-student-page.tsx')),
  },
  {
    path: '/students/import',
    label: 'Import students',
    roles: adminsOnly,
    screen: preloadableLazy(() => import('../features/student-import/import-page.tsx')),
  },
  {
    path: '/course',
    label: 'Courses',
    roles: everyStaffRole,
    screen: preloadableLazy(() => import('../features/course/course-page.tsx')),
  },
  {
    path: '/course/deleted',
    label: 'Deleted items',
    roles: everyStaffRole,
    screen: preloadableLazy(() => import('../features/course/deleted-items-page.tsx')),
  },
  {
    path: '/content/import',
    label: 'Import a course',
    roles: everyStaffRole,
    screen: preloadableLazy(() => import('../features/content-import/content-import-page.tsx')),
  },
  {
    path: '/news',
    label: 'News and events',
    roles: everyStaffRole,
    screen: preloadableLazy(() => import('../features/news/news-page.tsx')),
  },
  {
    path: '/insights',
    label: 'Insights',
    roles: everyStaffRole,
    screen: preloadableLazy(() => import('../features/insights/insights-page.tsx')),
  },
  {
    path: '/messages',
    label: 'Messages',
    roles: everyStaffRole,
    screen: preloadableLazy(() => import('../features/messages/sends-page.tsx')),
  },
  {
    path: '/messages/new',
    label: 'New message',
    roles: everyStaffRole,
    screen: preloadableLazy(() => import('../features/messages/compose-page.tsx')),
  },
  {
    path: '/messages/templates',
    label: 'Message templates',
    roles: adminsOnly,
    screen: preloadableLazy(() => import('../features/messages/templates-page.tsx')),
  },
  {
    path: '/staff',
    label: 'Staff',
    roles: adminsOnly,
    screen: preloadableLazy(() => import('../features/staff/staff-page.tsx')),
  },
  {
    path: '/registrations',
    label: 'Registrations',
    roles: adminsOnly,
    screen: preloadableLazy(() => import('../features/registrations/registrations-page.tsx')),
    badge: preloadableLazy(() => import('../features/registrations/pending-badge.tsx')),
  },
  {
    path: '/academic-levels',
    label: 'Academic levels',
    roles: adminsOnly,
    screen: preloadableLazy(() => import('../features/academic-levels/academic-levels-page.tsx')),
  },
  {
    path: '/sign-in-locks',
    label: 'Locked numbers',
    roles: adminsOnly,
    screen: preloadableLazy(() => import('../features/sign-in-locks/sign-in-locks-page.tsx')),
  },
  {
    path: '/audit-log',
    label: 'Audit log',
    roles: adminsOnly,
    screen: preloadableLazy(() => import('../features/audit-log/audit-log-page.tsx')),
  },
];

export const pagesFor = (role: StaffRole) => consolePages.filter((page) => page.roles.includes(role));
