import { compilePath, makeResource, type Resource, type ResourceJson } from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';
import { type ConnectorKind, connectorKinds, kindInfo } from './connectorKinds';

export const connectorsVersionAtom = atom(0);

/** Every auth connector, of all three kinds, by name. Secrets come back as the gateway's placeholder. */
export const connectorsAtom = atom(async (get): Promise<Resource[]> => {
  get(connectorsVersionAtom);
  const lists = await Promise.all(connectorKinds.map((k) => api.get<ResourceJson[]>(compilePath(k.path))));
  return lists
    .flat()
    .map(makeResource)
    .sort((a, b) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind));
});

const path = (kind: ConnectorKind, name?: string) => compilePath(kindInfo(kind).path, name ? { name } : {});

export const connectorActions = {
  create: (kind: ConnectorKind, content: string) => api.post<ResourceJson>(path(kind), { content }),
  update: (kind: ConnectorKind, name: string, content: string) =>
    api.put<ResourceJson>(path(kind, name), { content }),
  remove: (kind: ConnectorKind, name: string) => api.delete(path(kind, name)),
};
