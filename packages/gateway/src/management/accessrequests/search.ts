import type { Identity } from '../../platform/access/identity';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';
import type { RoleSet } from '../roles/roleset';

/**
 * The roles a resource list searches with when asked `searchAsRoles=yes`: the user's own plus their
 * request.search_as_roles, so they can see and pick what they may request. Audited, since it shows resources
 * the user cannot reach yet. A user without search_as_roles searches with their own roles, unaudited.
 */
export async function searchAsRoles(
  store: Store,
  identity: Identity,
  resourceType: string,
  now: number,
): Promise<RoleSet> {
  const names = identity.roles.searchAsRoles();
  if (names.length === 0) return identity.roles;
  const roles = await store.roles.getMany(names);
  await recordEvent(
    store,
    'ACCESS_REQUEST_RESOURCE_SEARCH',
    { user: identity.user.name, resource_type: resourceType, search_as_roles: names },
    now,
  );
  return identity.roles.withRoles(roles);
}
