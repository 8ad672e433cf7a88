import type { AccessRequestJson } from '@portcullis/shared';
import { codesOf, eventsOf } from '../mfa/audit';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { nodeRef, paths, reachable, refusal, renew, review, setUp } from './fixtures';

describe.each(engines)('assuming access requests on %s', (engine) => {
  let gw: TestGateway;
  const clock = { t: Date.parse('2026-04-02T09:00:00Z') };
  let reviewer: Client;

  beforeAll(async () => {
    gw = await startGateway({ engine, now: () => clock.t });
    await setUp(gw, clock.t);
    reviewer = await gw.signIn({ roles: ['reviewer'] });
  });
  afterAll(() => gw.close());

  const approved = async (requester: Client, body: object = { roles: ['ssh-prod'], reason: 'on call' }) => {
    const created = (await requester.post<AccessRequestJson>(paths.list, body)).body;
    expect((await review(reviewer, created.id, 'APPROVED')).body.state).toBe('APPROVED');
    return created.id;
  };
  const assumedId = async (client: Client) => (await client.get(paths.context)).body.accessRequestId;

  it('assumes an approved role request: the nodes come in reach, the context names it, audited; switching back ends it', async () => {
    const requester = await gw.signIn({ roles: ['requester'] });
    expect(await reachable(requester)).toEqual([]);
    const id = await approved(requester);
    expect((await requester.get(paths.one(id))).body.assumable).toBe(true);

    const res = await renew(requester, { requestId: id });
    expect(res.status).toBe(200);
    expect(await reachable(requester)).toEqual(['prod-1:root', 'prod-2:root']);
    expect(await assumedId(requester)).toBe(id);
    const assumed = (await eventsOf(gw, requester.name)).filter((e) => e.code === 'T5006I');
    expect(assumed.map((e) => [e.event, e.id, e.roles])).toEqual([
      ['access_request.assume', id, ['ssh-prod']],
    ]);

    // A renewal on the console's timer keeps it; switching back drops it.
    expect((await renew(requester, {})).status).toBe(200);
    expect(await assumedId(requester)).toBe(id);
    expect((await renew(requester, { switchback: true })).status).toBe(200);
    expect(await reachable(requester)).toEqual([]);
    expect('accessRequestId' in (await requester.get(paths.context)).body).toBe(false);
  });

  it('lets only the requester assume, and refuses a malformed renewal', async () => {
    const requester = await gw.signIn({ roles: ['requester'] });
    const id = await approved(requester);
    const other = await gw.signIn({ roles: ['requester'] });
    expect(refusal(await renew(other, { requestId: id }))).toEqual([
      403,
      'you can only assume your own access requests',
    ]);
    expect(refusal(await renew(other, { requestId: '00000000-0000-4000-8000-000000000000' }))).toEqual([
      404,
      'no access request with id 00000000-0000-4000-8000-000000000000',
    ]);
    expect(refusal(await renew(other, { requestId: 'r1' }))).toEqual([
      400,
      'body.requestId: requestId must be the id of an approved access request',
    ]);
    expect(refusal(await renew(other, { switchback: 'yes' }))).toEqual([
      400,
      'body.switchback: switchback must be true or false',
    ]);
    expect(await reachable(other)).toEqual([]);
  });

  it('ends assumed access when the request expires, without signing the user out', async () => {
    const requester = await gw.signIn({ roles: ['requester'] });
    const id = await approved(requester);
    await renew(requester, { requestId: id });
    expect(await reachable(requester)).toEqual(['prod-1:root', 'prod-2:root']);
    clock.t += 30 * 60_000 - 1;
    expect(await reachable(requester)).toEqual(['prod-1:root', 'prod-2:root']);
    clock.t += 1;
    expect(await reachable(requester)).toEqual([]);
    expect('accessRequestId' in (await requester.get(paths.context)).body).toBe(false);
    const expires = new Date(clock.t).toISOString();
    expect(refusal(await renew(requester, { requestId: id }))).toEqual([
      409,
      `access request ${id} expired at ${expires}: request access again`,
    ]);
    expect((await requester.get(paths.one(id))).body).toMatchObject({
      state: 'APPROVED',
      expires,
      assumable: false,
    });
    expect((await requester.get('/v1/webapi/user/status')).status).toBe(200);
  });

  it('reaches only the requested node with a resource request; searchAsRoles shows what may be requested', async () => {
    const requester = await gw.signIn({ roles: ['requester'] });
    expect(await reachable(requester, '?searchAsRoles=yes')).toEqual(['prod-1:', 'prod-2:']);
    expect(await reachable(requester)).toEqual([]);
    expect(
      (await eventsOf(gw, requester.name))
        .filter((e) => e.code === 'T5004I')
        .map((e) => [e.resource_type, e.search_as_roles]),
    ).toEqual([['node', ['ssh-prod']]]);

    const id = await approved(requester, { resourceIds: [nodeRef('prod-1')], reason: 'read the logs' });
    await renew(requester, { requestId: id });
    expect(await assumedId(requester)).toBe(id);
    expect(await reachable(requester)).toEqual(['prod-1:root']);
    expect(await reachable(requester, '?query=' + encodeURIComponent('labels.env == "prod"'))).toEqual([
      'prod-1:root',
    ]);
    // The check before opening a session agrees: prod-1 is there, prod-2 is not.
    const mfaRequired = (node: string) =>
      requester.post('/v1/webapi/sites/localhost/mfa/required', { node: { node_name: node, login: 'root' } });
    expect([(await mfaRequired('prod-1')).status, (await mfaRequired('prod-2')).status]).toEqual([200, 404]);

    // A role request assumed on top adds the rest, and is the context's request from then on.
    const wide = await approved(requester);
    await renew(requester, { requestId: wide });
    expect(await reachable(requester)).toEqual(['prod-1:root', 'prod-2:root']);
    expect(await assumedId(requester)).toBe(wide);
    expect(await codesOf(gw, requester.name, 1)).toEqual(['T5004I', 'T5000I', 'T5006I', 'T5000I', 'T5006I']);
  });
});
