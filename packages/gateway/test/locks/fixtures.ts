import type { CreateLockRequest, LockJson } from '@portcullis/shared';
import type { Client, TestGateway } from '../harness';

export const locksPath = '/v1/webapi/sites/localhost/locks';
export const lockPath = (name: string) => `${locksPath}/${name}`;

/** A role that may only read locks (list), to tell listing from changing. */
export const lockReaderRole = `
kind: role
metadata: { name: lock-reader }
spec:
  allow:
    rules: [{ resources: [lock], verbs: [list, read] }]
`;

/** Creates a lock as `admin` through the API; fails the test on anything but a 200. */
export async function createLock(admin: Client, body: CreateLockRequest): Promise<LockJson> {
  const res = await admin.put<LockJson>(locksPath, body);
  if (res.status !== 200) throw new Error(`creating the lock failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Removes every lock in force, so each test starts from none. */
export async function removeAllLocks(admin: Client): Promise<void> {
  for (const lock of (await admin.get<LockJson[]>(locksPath)).body) await admin.del(lockPath(lock.name));
}

/** Audit events with `code`, oldest first. */
export async function eventsWithCode(gw: TestGateway, code: string): Promise<Record<string, unknown>[]> {
  const { events } = await gw.server.store.events.search({ from: 0, to: Date.now() + 86_400_000, limit: 1000, order: 'asc', types: undefined });
  return events.map((e) => e.data).filter((e) => e.code === code);
}
