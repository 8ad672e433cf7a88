import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const auditRoutes: PageRoute[] = [
  {
    path: webRoutes.audit,
    frame: 'main',
    title: 'Audit Log',
    flag: 'audit',
    component: lazyPage(() => import('./AuditPage')),
  },
];
