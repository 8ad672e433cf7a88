import { apiPaths, compilePath, makeResource, type ResourceJson } from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';

export const rolesVersionAtom = atom(0);

export const rolesAtom = atom(async (get) => {
  get(rolesVersionAtom);
  return (await api.get<ResourceJson[]>(compilePath(apiPaths.roles))).map(makeResource);
});

export const roleActions = {
  create: (content: string) => api.post<ResourceJson>(compilePath(apiPaths.roles), { content }),
  update: (name: string, content: string) =>
    api.put<ResourceJson>(compilePath(apiPaths.roles, { name }), { content }),
  remove: (name: string) => api.delete(compilePath(apiPaths.roles, { name })),
};
