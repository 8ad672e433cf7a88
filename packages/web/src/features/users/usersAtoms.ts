import { apiPaths, compilePath, makeResource, makeUser, type Resource, type ResetToken, type User, type UserInput } from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';

/** Bumped after every change so the list is fetched again. */
export const usersVersionAtom = atom(0);

export const usersAtom = atom(async (get) => {
  get(usersVersionAtom);
  return (await api.get<unknown[]>(apiPaths.users)).map(makeUser);
});

/** The roles a user can be given, for the picker. */
export const roleNamesAtom = atom(async (get) => {
  get(usersVersionAtom);
  const roles = (await api.get<unknown[]>(compilePath(apiPaths.roles))).map(makeResource);
  return roles.map((r: Resource) => r.name).sort();
});

export const userActions = {
  create: (user: UserInput) => api.post<User>(apiPaths.users, user),
  update: (user: UserInput) => api.put<User>(apiPaths.users, user),
  remove: (name: string) => api.delete(compilePath(apiPaths.user, { username: name })),
  /** An invitation for a new user or a reset for an existing one; the token's value is shown once. */
  createToken: (name: string, type: 'invite' | 'password') => api.post<ResetToken>(apiPaths.passwordToken, { name, type }),
};
