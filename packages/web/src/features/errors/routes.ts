import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

/**
 * Any signed-in path no page serves, made up or a console route not built yet: the 404 page in the main
 * layout, so the navigation and a way home stay in reach. Programmatic navigation never lands here, since
 * it only goes to routes of the table (and redirect_uri falls back to /web).
 */
export const notFoundRoute: PageRoute = {
  path: '*',
  frame: 'main',
  title: '404 Not Found',
  component: lazyPage(() => import('./NotFound')),
};
