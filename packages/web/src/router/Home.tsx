import { apiPaths, compilePath, shouldCheckDiscoverOnboarding, webRoutes } from '@portcullis/shared';
import { atom, useAtomValue } from 'jotai';
import { matchPath, Navigate } from 'react-router-dom';
import { api } from '../client';
import { navigationGroups } from '../features/layout/navigation';
import { featureFlagsAtom, userContextAtom } from '../session/userContext';
import type { PageRoute } from './pageRoute';

/**
 * Whether a user who may enrol resources should be taken to Enroll New Resource: they may add and query agents
 * and reach no resource of any kind yet (the gateway's /resources/check).
 */
const onboardingAtom = atom(async (get) => {
  const user = await get(userContextAtom);
  const flags = await get(featureFlagsAtom);
  if (!flags.discover || !shouldCheckDiscoverOnboarding(user.acl)) return false;
  const check = await api.get<{ hasResource: boolean }>(compilePath(apiPaths.resourcesCheck, { clusterId: user.cluster.clusterId }));
  return !check.hasResource;
});

/** /web opens Enroll New Resource for a user with nothing to reach yet who may enrol, else the first page of the navigation, else the account. */
export function Home({ pages }: { pages: PageRoute[] }) {
  const user = useAtomValue(userContextAtom);
  const flags = useAtomValue(featureFlagsAtom);
  const onboarding = useAtomValue(onboardingAtom);
  if (onboarding && pages.some((p) => p.path === webRoutes.discover)) return <Navigate to={webRoutes.discover} replace />;
  const first = navigationGroups(flags, user.cluster.clusterId)
    .flatMap((g) => g.items)
    .find((item) => pages.some((p) => p.frame !== 'public' && matchPath(p.path, item.to)));
  return <Navigate to={first?.to ?? webRoutes.account} replace />;
}
