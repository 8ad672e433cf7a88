import { webRoutes } from '@portcullis/shared';
import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { notFoundRoute } from '../features/errors/routes';
import { lazyPage } from './lazyPage';
import { PageFrame } from './PageFrame';
import type { PageRoute } from './pageRoute';
import { loadSignedIn, signedIn } from './signedInChunk';

// The signed-in frame (session lifecycle, user context, layout and navigation) is one chunk the login page never loads.
const PrivateRoutes = lazyPage(async () => ({ default: (await loadSignedIn()).PrivateRoutes }));

function MainLayout() {
  const { MainLayout } = signedIn();
  return <MainLayout />;
}

function Home({ pages }: { pages: PageRoute[] }) {
  const { Home } = signedIn();
  return <Home pages={pages} />;
}

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
          // Blank while the frame loads, as while the session starts.
          element: (
            <Suspense fallback={null}>
              <PrivateRoutes />
            </Suspense>
          ),
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
