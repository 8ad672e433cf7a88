import { Indicator } from '@portcullis/design';
import { clusterIdFromPath } from '@portcullis/shared';
import { useAtom } from 'jotai';
import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { pageClusterAtom } from '../session/userContext';
import { useSessionLifecycle } from '../session/useSession';

/**
 * Signed-in pages: the session lifecycle runs while they show; an invalid session has left for login. The
 * cluster the URL names is kept for the page's flags, and pages wait for it, so none is shown for another cluster.
 */
export function PrivateRoutes() {
  const running = useSessionLifecycle();
  const cluster = clusterIdFromPath(useLocation().pathname);
  const [pageCluster, setPageCluster] = useAtom(pageClusterAtom);
  useLayoutEffect(() => setPageCluster(cluster), [cluster, setPageCluster]);
  if (!running || pageCluster !== cluster) return null;
  return (
    <Suspense fallback={<Indicator />}>
      <Outlet />
    </Suspense>
  );
}
