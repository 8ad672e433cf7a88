import { webRoutes } from '@portcullis/shared';
import { Outlet, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { notFoundRoute } from '../features/errors/routes';
import MainLayout from '../features/layout/MainLayout';
import { Home } from './Home';
import { PageFrame } from './PageFrame';
import type { PageRoute } from './pageRoute';
import { PrivateRoutes } from './PrivateRoutes';

function Root() {
  return (
    <ErrorBoundary>
      <Outlet />
    </ErrorBoundary>
  );
}

const toRoute = (page: PageRoute): RouteObject => ({ path: page.path, element: <PageFrame page={page} /> });

/**
 * The router's table: public pages, then the signed-in ones inside the main layout or full screen. Whatever
 * else is asked for is the signed-in 404 page, so a signed-out visitor signs in first.
 */
export function createRoutes(pages: PageRoute[]): RouteObject[] {
  const framed = (frame: PageRoute['frame']) => pages.filter((p) => p.frame === frame).map(toRoute);
  return [
    {
      element: <Root />,
      children: [
        ...framed('public'),
        {
          element: <PrivateRoutes />,
          children: [
            {
              element: <MainLayout />,
              children: [
                { path: webRoutes.root, element: <Home pages={pages} /> },
                ...framed('main'),
                toRoute(notFoundRoute),
              ],
            },
            ...framed('fullscreen'),
          ],
        },
      ],
    },
  ];
}
