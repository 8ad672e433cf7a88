import { userInfo } from 'node:os';
import type { RoleService } from '../../management/roles/service';
import type { Store } from '../storage/store';
import type { UserService } from '../../management/users/service';

export const adminUser = 'admin';
/** The roles the first administrator receives. */
export const adminRoles = ['editor', 'access', 'auditor'];
const initialisedKey = 'initialised';

/**
 * The first administrator may log in to nodes as the account the gateway runs under, so the machine that
 * `make start` enrols offers a shell at once; an administrator edits the trait to change it.
 */
export const adminLogins = () => [userInfo().username];

/**
 * On the very first start: the preset roles and the user admin, who gets an invite token. Later starts
 * change nothing. Answers the invite's value when one was created.
 */
export async function firstStart(store: Store, roles: RoleService, users: UserService): Promise<string | undefined> {
  if (await store.meta.get(initialisedKey)) return undefined;
  // Each step is safe to repeat, and the mark comes last: a start interrupted half way finishes next time.
  await roles.ensurePresets('system');
  if (!(await store.users.get(adminUser))) await users.create('system', { name: adminUser, roles: adminRoles, traits: { logins: adminLogins() } });
  const invite = await users.createToken('system', adminUser, 'invite');
  await store.meta.set(initialisedKey, new Date().toISOString());
  return invite.value;
}
