import { recordEvent } from '../audit/record';
import { emptyTraits, traitNames, type AuthType, type Traits, type User } from '../../platform/storage/repos/users';
import type { Store } from '../../platform/storage/store';
import { SsoFailure } from './failure';

/** Claims (or attributes) as the identity provider sent them. */
export type Claims = Record<string, unknown>;

/** The values of one claim: a string, or the strings of a list. */
export function claimValues(claims: Claims, name: string): string[] {
  const value = claims[name];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** Every role a mapping grants for these claims; a mapping matches when its claim has its value (or holds it in a list). */
export function mapRoles(claims: Claims, mappings: { claim: string; value: string; roles: string[] }[]): string[] {
  const roles = new Set<string>();
  for (const m of mappings) if (claimValues(claims, m.claim).includes(m.value)) for (const r of m.roles) roles.add(r);
  return [...roles];
}

/** Traits from the claims of the same names (logins, kubeGroups…); claims that are absent leave the trait empty. */
export function traitsFrom(claims: Claims): Traits {
  const traits = emptyTraits();
  for (const name of traitNames) traits[name] = claimValues(claims, name);
  return traits;
}

/** What a connector learned about who signed in. */
export interface SsoIdentity {
  authType: Exclude<AuthType, 'local'>;
  connector: string;
  username: string;
  roles: string[];
  traits: Traits;
}

const validName = /^[a-zA-Z0-9][a-zA-Z0-9._@+-]{0,127}$/;

/**
 * Creates the user on their first sign-in, or brings their roles and traits up to date with the identity
 * provider's on every later one (audited as USER_CREATE or USER_UPDATE, by the connector). A local user of the
 * same name is never taken over.
 */
export async function upsertSsoUser(store: Store, who: SsoIdentity, now: number): Promise<User> {
  if (!validName.test(who.username))
    throw new SsoFailure(`the identity provider named the user "${who.username}", which is not a valid user name (letters, digits and . _ @ + -, up to 128)`, who.connector);
  const actor = `${who.authType}:${who.connector}`;
  return store.transaction(async (tx) => {
    const existing = await tx.users.get(who.username);
    if (existing?.authType === 'local')
      throw new SsoFailure(`a local user named ${who.username} already exists; an administrator must remove or rename it before ${who.username} can sign in through ${who.connector}`, who.connector);
    if (existing) {
      await tx.users.update(who.username, { roles: who.roles, traits: who.traits });
      await recordEvent(tx, 'USER_UPDATE', { user: actor, name: who.username, roles: who.roles }, now);
      return { ...existing, roles: who.roles, traits: who.traits };
    }
    const user: User = {
      name: who.username,
      roles: who.roles,
      traits: who.traits,
      authType: who.authType,
      passwordHash: null,
      failedLogins: 0,
      lockedUntil: null,
      createdAt: now,
    };
    await tx.users.create(user);
    await recordEvent(tx, 'USER_CREATE', { user: actor, name: who.username, roles: who.roles }, now);
    return user;
  });
}
