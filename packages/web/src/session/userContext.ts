import {
  apiPaths,
  compilePath,
  makeFeatureFlags,
  makePing,
  makeUserContext,
  type PingJson,
  type UserContextJson,
} from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../client';
import { webConfigAtom } from '../config';

/** Bumped to fetch the user context again; otherwise the cached one is reused. */
export const userContextVersionAtom = atom(0);

export const userContextAtom = atom(async (get) => {
  get(userContextVersionAtom);
  const { proxyCluster } = get(webConfigAtom);
  return makeUserContext(
    await api.get<UserContextJson>(compilePath(apiPaths.userContext, { clusterId: proxyCluster })),
  );
});

/** The server's ping: whether the assistant is enabled. */
const pingAtom = atom(async () => makePing(await api.get<PingJson>(apiPaths.ping)));

/** What the signed-in user may see (the feature flags), from their ACL and the server's config. */
export const featureFlagsAtom = atom(async (get) => {
  const { acl } = await get(userContextAtom);
  const { isDashboard } = get(webConfigAtom);
  return makeFeatureFlags(acl, { isDashboard, assistEnabled: (await get(pingAtom)).assistEnabled });
});
