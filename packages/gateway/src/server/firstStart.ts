import type { RoleService } from '../roles/service';
import type { Store } from '../storage/store';
import type { UserService } from '../users/service';

export const adminUser = 'admin';
/** The roles the first administrator receives. */
export const adminRoles = ['editor', 'access', 'auditor'];
const initialisedKey = 'initialised';

/**
 * On the very first start: the preset roles and the user admin, who gets an invite token. Later starts
 * change nothing. Answers the invite's value when one was created.
 */
export async function firstStart(store: Store, roles: RoleService, users: UserService): Promise<string | undefined> {
  if (await store.meta.get(initialisedKey)) return undefined;
  await store.transaction(async (tx) => {
    await roles.ensurePresets('system', tx);
    await tx.meta.set(initialisedKey, new Date().toISOString());
  });
  await users.create('system', { name: adminUser, roles: adminRoles });
  return (await users.createToken('system', adminUser, 'invite')).value;
}
