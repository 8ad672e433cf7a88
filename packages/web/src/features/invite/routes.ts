import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

const page = lazyPage(() => import('./InvitePage'));

export const inviteRoutes: PageRoute[] = [
  { path: webRoutes.userInvite, frame: 'public', title: 'Invite', component: page },
  { path: webRoutes.userInviteContinue, frame: 'public', title: 'Invite', component: page },
  { path: webRoutes.userReset, frame: 'public', title: 'Reset Password', component: page },
  { path: webRoutes.userResetContinue, frame: 'public', title: 'Reset Password', component: page },
];
