import type { LockJson } from '@portcullis/shared';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { createLock, eventsWithCode, lockPath, lockReaderRole, locksPath } from './fixtures';

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(engines)('the locks API on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client & { name: string };
  let reader: Client & { name: string };
  let nobody: Client & { name: string };

  beforeAll(async () => {
    gw = await startGateway({ engine });
    await gw.createRole(lockReaderRole);
    await gw.createRole('kind: role\nmetadata: { name: no-rights }\nspec: {}\n');
    admin = await gw.signIn({ roles: ['editor'] });
    reader = await gw.signIn({ roles: ['lock-reader'] });
    nobody = await gw.signIn({ roles: ['no-rights'] });
  });
  afterAll(() => gw.close());

  it('creates a lock, lists it newest first, and removes it, each change audited', async () => {
    const first = await createLock(admin, { targets: { user: 'alice' }, message: 'alice is on leave', ttl: '30m' });
    expect(first).toEqual({
      name: first.name,
      targets: { user: 'alice' },
      message: 'alice is on leave',
      expires: new Date(Date.parse(first.createdAt) + 30 * 60_000).toISOString(),
      createdAt: first.createdAt,
      createdBy: admin.name,
    });
    expect(first.name).toMatch(uuidShape);
    const second = await createLock(admin, { targets: { role: 'contractors', login: 'root' } });
    expect(second).toEqual({ name: second.name, targets: { role: 'contractors', login: 'root' }, message: '', createdAt: second.createdAt, createdBy: admin.name });

    const listed = await reader.get<LockJson[]>(locksPath);
    expect(listed.status).toBe(200);
    expect(listed.body.map((l) => l.name)).toEqual([second.name, first.name]);
    expect(listed.body[1]).toEqual(first);

    expect(await eventsWithCode(gw, 'T9006I')).toEqual([
      expect.objectContaining({ event: 'lock.created', name: first.name, user: admin.name, target: { user: 'alice' }, message: 'alice is on leave', expires: first.expires }),
      expect.objectContaining({ event: 'lock.created', name: second.name, user: admin.name, target: { role: 'contractors', login: 'root' }, message: '' }),
    ]);

    expect(await admin.del(lockPath(first.name))).toMatchObject({ status: 200, body: { message: 'ok' } });
    expect((await admin.get<LockJson[]>(locksPath)).body.map((l) => l.name)).toEqual([second.name]);
    expect(await eventsWithCode(gw, 'T9007I')).toEqual([expect.objectContaining({ event: 'lock.deleted', name: first.name, user: admin.name, target: { user: 'alice' } })]);

    const again = await admin.del(lockPath(first.name));
    expect(again).toMatchObject({ status: 404, body: { error: { message: `no lock ${first.name}: it was removed already or never existed` } } });
    await admin.del(lockPath(second.name));
  });

  it('allows a lock on something that does not exist yet', async () => {
    const lock = await createLock(admin, { targets: { node: 'node-not-enrolled-yet' }, message: 'not before the audit' });
    expect(lock.targets).toEqual({ node: 'node-not-enrolled-yet' });
    await admin.del(lockPath(lock.name));
  });

  it.each([
    [{ targets: {} }, 'body.targets: name at least one target: user, role, login, node, mfa_device, access_request, windows_desktop'],
    [{ targets: { user: '  ' } }, 'body.targets.user: user must not be empty: name the user to lock, or leave the field out'],
    [{ targets: { user: 7 } }, 'body.targets.user: user must be a string'],
    [{ targets: { planet: 'mars' } }, 'body.targets: targets may only name user, role, login, node, mfa_device, access_request, windows_desktop (not planet)'],
    [{ targets: 'alice' }, 'body.targets: targets must be an object naming what to lock, e.g. {"user": "alice"}'],
    [{ targets: { user: 'alice' }, ttl: 'soon' }, 'body.ttl: "soon" is not a duration; write it like "90s", "5m" or "12h"'],
    [{ targets: { user: 'alice' }, ttl: '0s' }, 'body.ttl: ttl must be longer than 0, e.g. "30m"; leave it out for a lock that holds until removed'],
    [{ targets: { user: 'alice' }, message: 42 }, 'body.message: message must be a string'],
  ])('refuses %j with a 400 naming the problem', async (body, message) => {
    const res = await admin.put(locksPath, body);
    expect(res).toMatchObject({ status: 400, body: { error: { message } } });
  });

  it('refuses a lock id that is not a UUID with a 400', async () => {
    expect(await admin.del(lockPath('not-a-uuid'))).toMatchObject({ status: 400, body: { error: { message: 'params.uuid: not a lock id: locks are named by a UUID' } } });
  });

  it('answers 403 to callers without the right, and to a reader who tries to change locks', async () => {
    const existing = await createLock(admin, { targets: { user: 'bob' } });
    for (const [method, path] of [
      ['GET', locksPath],
      ['PUT', locksPath],
      ['DELETE', lockPath(existing.name)],
    ] as const) {
      const verb = { GET: 'list', PUT: 'create', DELETE: 'delete' }[method];
      expect(await nobody.request(method, path, method === 'PUT' ? { targets: { user: 'x' } } : undefined)).toMatchObject({
        status: 403,
        body: { error: { message: `access denied: ${verb} on lock is not allowed for user ${nobody.name}` } },
      });
      expect(await gw.anonymous().request(method, path, method === 'PUT' ? { targets: { user: 'x' } } : undefined)).toMatchObject({ status: 403, body: { error: { message: 'access denied: sign in first' } } });
    }
    expect(await reader.put(locksPath, { targets: { user: 'x' } })).toMatchObject({ status: 403, body: { error: { message: `access denied: create on lock is not allowed for user ${reader.name}` } } });
    expect(await reader.del(lockPath(existing.name))).toMatchObject({ status: 403, body: { error: { message: `access denied: delete on lock is not allowed for user ${reader.name}` } } });
    expect((await admin.get<LockJson[]>(locksPath)).body.map((l) => l.name)).toContain(existing.name);
    await admin.del(lockPath(existing.name));
  });
});
