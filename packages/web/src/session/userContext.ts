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

/** The cluster the page is in (the URL's :clusterId), kept by the private routes; undefined outside a cluster's pages. */
export const pageClusterAtom = atom<string | undefined>(undefined);

/** The signed-in user's context on the cluster they signed in to: who they are, the frame's cluster. */
export const userContextAtom = atom(async (get) => {
  get(userContextVersionAtom);
  const { proxyCluster } = get(webConfigAtom);
  return makeUserContext(
    await api.get<UserContextJson>(compilePath(apiPaths.userContext, { clusterId: proxyCluster })),
  );
});

/** The server's ping: whether the assistant is enabled. */
const pingAtom = atom(async () => makePing(await api.get<PingJson>(apiPaths.ping)));

/**
 * The user's context on the cluster the page is in: the signed-in cluster's, or a leaf's, asked of the leaf
 * through the root (its role map decides what the user may do there). A leaf that refuses (roles it does not
 * map, or it is offline) gives no context, and its reason.
 */
const pageClusterContextAtom = atom(async (get) => {
  const local = await get(userContextAtom);
  const cluster = get(pageClusterAtom);
  if (!cluster || cluster === local.cluster.clusterId) return { context: local };
  try {
    return { context: makeUserContext(await api.get<UserContextJson>(compilePath(apiPaths.userContext, { clusterId: cluster }))) };
  } catch (err) {
    return { context: undefined, refusal: (err as Error).message };
  }
});

/** Why the page's cluster gives this user nothing (a leaf's refusal), if it does. */
export const pageClusterRefusalAtom = atom(async (get) => (await get(pageClusterContextAtom)).refusal);

/** What the signed-in user may see on the page's cluster (the feature flags), from their ACL there and the server's config. */
export const featureFlagsAtom = atom(async (get) => {
  const acl = (await get(pageClusterContextAtom)).context?.acl;
  const { isDashboard } = get(webConfigAtom);
  return makeFeatureFlags(acl, { isDashboard, assistEnabled: (await get(pingAtom)).assistEnabled });
});
