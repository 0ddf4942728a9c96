import { adminsOnly, everyStaffRole, type StaffRole } from '@portal/contract/console';
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

export interface ConsolePage {
  /** Under /console. */
  path: string;
  /** In the navigation and the page's heading. */
  label: string;
  /** Who sees it in the navigation and may open it: the roles of the console calls it makes. */
  roles: readonly StaffRole[];
  screen: LazyExoticComponent<ComponentType>;
  /** Shown beside the label in the navigation, e.g. how many requests wait (renders nothing when there is nothing to say). */
  badge?: LazyExoticComponent<ComponentType>;
}

/** Every page of the console, in navigation order. A new page is one entry here (and its feature folder). */
export const consolePages: ConsolePage[] = [
  { path: '/', label: 'Overview', roles: everyStaffRole, screen: lazy(() => import('./overview-page.tsx')) },
  { path: '/students', label: 'Students', roles: everyStaffRole, screen: lazy(() => import('../features/students/students-page.tsx')) },
  { path: '/students/import', label: 'Import students', roles: adminsOnly, screen: lazy(() => import('../features/student-import/import-page.tsx')) },
  { path: '/course', label: 'Courses', roles: everyStaffRole, screen: lazy(() => import('../features/course/course-page.tsx')) },
  {
    path: '/content/import',
    label: 'Import a course',
    roles: everyStaffRole,
    screen: lazy(() => import('../features/content-import/content-import-page.tsx')),
  },
  { path: '/news', label: 'News and events', roles: everyStaffRole, screen: lazy(() => import('../features/news/news-page.tsx')) },
  { path: '/insights', label: 'Insights', roles: everyStaffRole, screen: lazy(() => import('../features/insights/insights-page.tsx')) },
  { path: '/staff', label: 'Staff', roles: adminsOnly, screen: lazy(() => import('../features/staff/staff-page.tsx')) },
  {
    path: '/registrations',
    label: 'Registrations',
    roles: adminsOnly,
    screen: lazy(() => import('../features/registrations/registrations-page.tsx')),
    badge: lazy(() => import('../features/registrations/pending-badge.tsx')),
  },
  {
    path: '/academic-levels',
    label: 'Academic levels',
    roles: adminsOnly,
    screen: lazy(() => import('../features/academic-levels/academic-levels-page.tsx')),
  },
  {
    path: '/sign-in-locks',
    label: 'Locked numbers',
    roles: adminsOnly,
    screen: lazy(() => import('../features/sign-in-locks/sign-in-locks-page.tsx')),
  },
  { path: '/audit-log', label: 'Audit log', roles: adminsOnly, screen: lazy(() => import('../features/audit-log/audit-log-page.tsx')) },
];

export const pagesFor = (role: StaffRole) => consolePages.filter((page) => page.roles.includes(role));
