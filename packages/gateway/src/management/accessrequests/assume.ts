import { notFound } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import type { Store } from '../../platform/storage/store';
import type { AssumedRoles } from '../roles/roleset';
import { assumeRefusal, inForce } from './policy';
import { accessRequestRepo, type AccessRequest } from './repo';

/**
 * The approved request the caller asks to assume, or the error saying why they cannot: only its requester,
 * only once approved, only until it expires.
 */
export async function assumableRequest(
  store: Store,
  identity: Identity,
  requestId: string,
  now: number,
): Promise<AccessRequest> {
  const request = await accessRequestRepo(store).get(requestId);
  if (!request) throw notFound(`no access request with id ${requestId}`);
  const refusal = assumeRefusal(identity, request, now);
  if (refusal) throw refusal;
  return request;
}

/**
 * The roles a session's assumed requests add, in the order they were assumed. A request that expired (or is
 * not the user's, or not approved) silently counts no more: that is how assumed access ends.
 */
export async function assumedRoles(
  store: Store,
  username: string,
  requestIds: string[],
  now: number,
): Promise<AssumedRoles[]> {
  if (requestIds.length === 0) return [];
  const requests = (await accessRequestRepo(store).getMany(requestIds)).filter(
    (r) => r.username === username && inForce(r, now),
  );
  if (requests.length === 0) return [];
  const roles = await store.roles.getMany([...new Set(requests.flatMap((r) => r.roles))]);
  return requestIds.flatMap((id) => {
    const request = requests.find((r) => r.id === id);
    if (!request) return [];
    const granted = roles.filter((role) => request.roles.includes(role.metadata.name));
    return [
      {
        requestId: id,
        roles: granted,
        ...(request.resourceIds.length > 0 && { resourceIds: request.resourceIds.map((r) => r.name) }),
      },
    ];
  });
}
