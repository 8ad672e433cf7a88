import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

// Public: whoever holds the link watches signed out; the token in the URL is what the gateway checks.
export const sharedRecordingRoutes: PageRoute[] = [
  { path: webRoutes.sharedRecording, frame: 'public', title: 'Shared Recording', component: lazyPage(() => import('./SharedRecordingPage')) },
];
