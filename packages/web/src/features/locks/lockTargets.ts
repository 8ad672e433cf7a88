import { lockTargetKinds, queryString, webRoutes, type LockTargetKind } from '@portcullis/shared';

/**
 * The target kinds the New Lock page offers, in the order of its select. Windows desktops are left out
 * until the console serves desktops: there would be nothing to lock.
 */
export const offeredKinds = [
  'user',
  'role',
  'login',
  'node',
  'mfa_device',
  'access_request',
] as const satisfies readonly LockTargetKind[];
export type OfferedKind = (typeof offeredKinds)[number];

export const kindLabels: Record<OfferedKind, string> = {
  user: 'User',
  role: 'Role',
  login: 'Login',
  node: 'Node',
  mfa_device: 'MFA Device',
  access_request: 'Access Request',
};

/** Kinds picked from a list the gateway already has; the others are typed, since nothing lists them here. */
export const listedKinds = ['user', 'role', 'node'] as const satisfies readonly OfferedKind[];
export type ListedKind = (typeof listedKinds)[number];
export const isListed = (kind: OfferedKind): kind is ListedKind =>
  (listedKinds as readonly string[]).includes(kind);

/**
 * The New Lock page with one target chosen, e.g. /web/locks/new?user=alice, for the Lock actions of other
 * pages. The query names match LockTargets' fields so the page reads them back with targetFromQuery.
 */
export const newLockPath = (targets: Partial<Record<OfferedKind, string>>): string =>
  webRoutes.newLock + queryString(targets);

/** The first target a New Lock link names (in lockTargetKinds order), if it names one the page offers. */
export function targetFromQuery(search: URLSearchParams): { kind: OfferedKind; value: string } | undefined {
  for (const kind of lockTargetKinds) {
    const value = search.get(kind);
    if (value && (offeredKinds as readonly string[]).includes(kind))
      return { kind: kind as OfferedKind, value };
  }
  return undefined;
}
