import { isKnownRoute, webRoutes } from '@portcullis/shared';
import { Navigate, Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import NotFound from '../features/errors/NotFound';
import MainLayout from '../features/layout/MainLayout';
import { Home } from './Home';
import { PageFrame } from './PageFrame';
import type { PageRoute } from './pageRoute';
import { PrivateRoutes } from './PrivateRoutes';

/** A route of spec §2 that no page serves yet is not found; anything else falls back to /web (spec §2). */
function UnknownRoute() {
  const { pathname } = useLocation();
  return isKnownRoute(pathname) ? <NotFound /> : <Navigate to={webRoutes.root} replace />;
}

function Root() {
  return (
    <ErrorBoundary>
      <Outlet />
    </ErrorBoundary>
  );
}

const toRoute = (page: PageRoute): RouteObject => ({ path: page.path, element: <PageFrame page={page} /> });

/** The router's table: public pages, then the signed-in ones inside the main layout or full screen. */
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
              children: [{ path: webRoutes.root, element: <Home pages={pages} /> }, ...framed('main')],
            },
            ...framed('fullscreen'),
          ],
        },
        { path: '*', element: <UnknownRoute /> },
      ],
    },
  ];
}
