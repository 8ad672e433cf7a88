import { webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { matchPath, Navigate } from 'react-router-dom';
import { navigationGroups } from '../features/layout/navigation';
import { featureFlagsAtom, userContextAtom } from '../session/userContext';
import type { PageRoute } from './pageRoute';

/** /web opens the first page of the navigation the console serves, else the account. */
export function Home({ pages }: { pages: PageRoute[] }) {
  const user = useAtomValue(userContextAtom);
  const flags = useAtomValue(featureFlagsAtom);
  const first = navigationGroups(flags, user.cluster.clusterId)
    .flatMap((g) => g.items)
    .find((item) => pages.some((p) => p.frame !== 'public' && matchPath(p.path, item.to)));
  return <Navigate to={first?.to ?? webRoutes.account} replace />;
}
