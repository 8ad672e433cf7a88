import { apiPaths, compilePath, makeResource, type ResourceJson } from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';

export const trustedClustersVersionAtom = atom(0);

/** The roots this cluster joined, as YAML resources named after each root. */
export const trustedClustersAtom = atom(async (get) => {
  get(trustedClustersVersionAtom);
  return (await api.get<ResourceJson[]>(compilePath(apiPaths.trustedClusters))).map(makeResource);
});

export const trustedClusterActions = {
  // The gateway joins the root before it answers: a refused token or an unknown role comes back as a 400.
  create: (content: string) => api.post<ResourceJson>(compilePath(apiPaths.trustedClusters), { content }),
  update: (name: string, content: string) =>
    api.put<ResourceJson>(compilePath(apiPaths.trustedClusters, { name }), { content }),
  remove: (name: string) => api.delete(compilePath(apiPaths.trustedClusters, { name })),
};
