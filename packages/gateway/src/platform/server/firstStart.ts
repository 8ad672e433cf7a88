import { userInfo } from 'node:os';
import { sql } from 'kysely';
import type { RoleService } from '../../management/roles/service';
import type { Store } from '../storage/store';
import type { UserService } from '../../management/users/service';

export const adminUser = 'admin';
/** The roles the first administrator receives. */
export const adminRoles = ['editor', 'access', 'auditor'];
const initialisedKey = 'initialised';
/** The PostgreSQL advisory lock first starts take turns on (any fixed number no other code uses). */
const firstStartLock = 7_305_411;

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
  if (store.engine === 'sqlite') return setUp(store, roles, users);
  // Gateways started at once on a fresh PostgreSQL database take turns: the first sets up while the others wait
  // on the lock (held until its transaction ends, after the steps, which use other connections), then find it done.
  return store.transaction(async (tx) => {
    await sql`select pg_advisory_xact_lock(${firstStartLock})`.execute(tx.db);
    return setUp(store, roles, users);
  });
}

async function setUp(store: Store, roles: RoleService, users: UserService): Promise<string | undefined> {
  if (await store.meta.get(initialisedKey)) return undefined;
  // Each step is safe to repeat, and the mark comes last: a start interrupted half way finishes next time.
  await roles.ensurePresets('system');
  if (!(await store.users.get(adminUser))) await users.create('system', { name: adminUser, roles: adminRoles, traits: { logins: adminLogins() } });
  const invite = await users.createToken('system', adminUser, 'invite');
  await store.meta.set(initialisedKey, new Date().toISOString());
  return invite.value;
}
