import {
  apiPaths,
  compilePath,
  makeLock,
  makeResource,
  makeUser,
  type CreateLockRequest,
  type Lock,
  type LockJson,
  type ResourceJson,
  type UserJson,
} from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';
import { webConfigAtom } from '../../config';
import { fetchNodes } from '../servers/nodesService';
import type { ListedKind } from './lockTargets';

/** Bumped after a lock is removed so the list is fetched again. */
export const locksVersionAtom = atom(0);

/**
 * The locks of the gateway's own cluster (the console's routes for locks name no cluster), or why they could
 * not be read: the page shows the gateway's message instead of failing as a whole.
 */
export const locksAtom = atom(async (get): Promise<{ locks: Lock[]; error: string }> => {
  get(locksVersionAtom);
  const clusterId = get(webConfigAtom).proxyCluster;
  try {
    const json = await api.get<LockJson[]>(compilePath(apiPaths.locks, { clusterId }));
    return { locks: json.map(makeLock), error: '' };
  } catch (err) {
    return { locks: [], error: err instanceof Error ? err.message : String(err) };
  }
});

export const lockActions = {
  create: (clusterId: string, body: CreateLockRequest) =>
    api.put<LockJson>(compilePath(apiPaths.locks, { clusterId }), body),
  remove: (clusterId: string, id: string) => api.delete(compilePath(apiPaths.lock, { clusterId, uuid: id })),
};

/** One choice of the Target picker: what is sent, and what the user reads. */
export interface TargetOption {
  value: string;
  label: string;
}

/**
 * The most nodes the picker lists: the gateway's largest page. Sorted by hostname; a node beyond it can
 * still be locked from a link naming its id (?node=…), which the picker keeps as the chosen value.
 */
export const nodePickerLimit = 1000;

/** The items a lock of `kind` can name, from the gateway's own lists, and how many exist in all. */
export async function fetchTargetOptions(
  kind: ListedKind,
  clusterId: string,
  signal?: AbortSignal,
): Promise<{ options: TargetOption[]; totalCount: number }> {
  const byLabel = (options: TargetOption[]) => ({
    options: options.sort((a, b) => a.label.localeCompare(b.label)),
    totalCount: options.length,
  });
  switch (kind) {
    case 'user':
      return byLabel(
        (await api.get<UserJson[]>(apiPaths.users, signal))
          .map(makeUser)
          .map((u) => ({ value: u.name, label: u.name })),
      );
    case 'role':
      return byLabel(
        (await api.get<ResourceJson[]>(compilePath(apiPaths.roles), signal))
          .map(makeResource)
          .map((r) => ({ value: r.name, label: r.name })),
      );
    case 'node': {
      const page = await fetchNodes(
        { clusterId, limit: nodePickerLimit, sort: { fieldName: 'hostname', dir: 'ASC' } },
        signal,
      );
      return {
        options: page.nodes.map((n) => ({ value: n.id, label: n.hostname })),
        totalCount: page.totalCount,
      };
    }
  }
}
