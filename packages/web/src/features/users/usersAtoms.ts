import {
  apiPaths,
  compilePath,
  makeResetToken,
  makeResource,
  makeUser,
  type ResetToken,
  type ResetTokenJson,
  type ResourceJson,
  type UserJson,
  type UserTraits,
} from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';

/** What the create and edit forms send. */
export interface UserInput {
  name: string;
  roles: string[];
  traits: UserTraits;
}

/** Bumped after every change so the list is fetched again. */
export const usersVersionAtom = atom(0);

export const usersAtom = atom(async (get) => {
  get(usersVersionAtom);
  return (await api.get<UserJson[]>(apiPaths.users)).map(makeUser);
});

/** The roles a user can be given, for the picker, or why they could not be read. */
export const roleNamesAtom = atom(async () => {
  try {
    const roles = (await api.get<ResourceJson[]>(compilePath(apiPaths.roles))).map(makeResource);
    return { names: roles.map((r) => r.name).sort(), error: '' };
  } catch (err) {
    return { names: [], error: err instanceof Error ? err.message : String(err) };
  }
});

export const userActions = {
  create: (user: UserInput) => api.post<UserJson>(apiPaths.users, user),
  update: (user: UserInput) => api.put<UserJson>(apiPaths.users, user),
  remove: (name: string) => api.delete(compilePath(apiPaths.user, { username: name })),
  /** An invitation for a new user or a reset for an existing one; the token's value is shown once. */
  createToken: async (name: string, type: 'invite' | 'password'): Promise<ResetToken> =>
    makeResetToken(await api.post<ResetTokenJson>(apiPaths.passwordToken, { name, type })),
};
