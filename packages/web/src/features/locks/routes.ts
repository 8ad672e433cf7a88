import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const locksRoutes: PageRoute[] = [
  {
    path: webRoutes.locks,
    frame: 'main',
    title: 'Manage Session & Identity Locks',
    flag: 'locks',
    component: lazyPage(() => import('./LocksPage')),
  },
  {
    path: webRoutes.newLock,
    frame: 'main',
    title: 'Create New Lock',
    flag: 'newLocks',
    component: lazyPage(() => import('./NewLockPage')),
  },
];
