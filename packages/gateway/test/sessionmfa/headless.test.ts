import type { HeadlessLoginJson } from '@portcullis/shared';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import type { SoftKey } from '../mfa/softKey';
import { auditEvents } from '../servers/fixtures';
import { addKey, keyAnswer, mfaConfig } from './devices';

const fiveMinutes = 5 * 60_000;

describe.each(engines)('headless approval routes on %s', (engine) => {
  let gw: TestGateway;
  let clock: number;
  let alice: Client & { name: string };
  let key: SoftKey;
  const events = () => auditEvents(gw);

  beforeAll(async () => {
    clock = Date.now();
    gw = await startGateway({ engine, config: mfaConfig, now: () => clock });
    alice = await gw.signIn({ roles: ['access'] });
    key = await addKey(gw, alice);
  });
  afterAll(() => gw.close());

  /** What the command line does first: ask, from a client without a session. */
  async function ask(user = alice.name): Promise<{ cli: Client; request: HeadlessLoginJson }> {
    const cli = gw.anonymous();
    const res = await cli.post<HeadlessLoginJson>('/v1/webapi/login/headless', { user });
    expect(res.status).toBe(200);
    return { cli, request: res.body };
  }
  const collect = (cli: Client, request: HeadlessLoginJson, secret = request.secret) => cli.post(`/v1/webapi/login/headless/${request.requestId}/session`, { secret });
  const approve = async (request: HeadlessLoginJson, as: Client = alice) =>
    as.put(`/v1/webapi/headless/${request.requestId}`, { action: 'accept', mfaResponse: await keyAnswer(gw, as, key, 'headless') });

  test('the request names the approval page; its user sees who asked from where and approves with a tap; the command line gets a short session', async () => {
    const { cli, request } = await ask();
    expect(request.url).toBe(`${gw.server.gw.publicUrl()}/web/headless/${request.requestId}`);
    expect((await alice.get(`/v1/webapi/headless/${request.requestId}`)).body).toEqual({
      id: request.requestId,
      user: alice.name,
      client_ip_address: '127.0.0.1',
      state: 'pending',
      expires: new Date(clock + fiveMinutes).toISOString(),
    });
    // The command line is already waiting when the approval comes.
    const waiting = collect(cli, request);
    expect((await approve(request)).body).toEqual({ message: 'ok' });
    const session = await waiting;
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ type: 'Bearer', expires_in: 60 });
    cli.session = session.body;
    expect((await cli.get('/v1/webapi/user/status')).status).toBe(200);
    const mine = (await events()).filter((e) => e.request_id === request.requestId || (e.code === 'T1000I' && e.method === 'headless'));
    expect(mine.map((e) => e.code)).toEqual(['T1011I', 'T1012I', 'T1000I']);
  });

  test('a second approval of the same request is refused and audited', async () => {
    const { request } = await ask();
    expect((await approve(request)).status).toBe(200);
    const again = await approve(request);
    expect(again).toMatchObject({ status: 409, body: { error: { message: `headless login request ${request.requestId} was already approved` } } });
    expect(await events()).toContainEqual(expect.objectContaining({ code: 'T1012W', user: alice.name, request_id: request.requestId }));
  });

  test('an answer to a challenge of another scope does not approve', async () => {
    const { request } = await ask();
    const res = await alice.put(`/v1/webapi/headless/${request.requestId}`, { action: 'accept', mfaResponse: await keyAnswer(gw, alice, key, 'session') });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await alice.get(`/v1/webapi/headless/${request.requestId}`)).body.state).toBe('pending');
    expect(await events()).toContainEqual(expect.objectContaining({ code: 'T1012W', request_id: request.requestId, error: res.body.error.message }));
  });

  test('a rejected request is never collected', async () => {
    const { cli, request } = await ask();
    expect((await alice.put(`/v1/webapi/headless/${request.requestId}`, { action: 'denied' })).status).toBe(200);
    expect(await collect(cli, request)).toMatchObject({ status: 403, body: { error: { message: `headless login request ${request.requestId} was rejected in the browser` } } });
    expect(await events()).toContainEqual(expect.objectContaining({ code: 'T1013W', user: alice.name, request_id: request.requestId }));
  });

  test('the wrong secret collects nothing, even once approved', async () => {
    const { cli, request } = await ask();
    await approve(request);
    expect(await collect(cli, request, 'guessed')).toMatchObject({ status: 403, body: { error: { message: `wrong secret for headless login request ${request.requestId}` } } });
    expect(cli.sessionSecret).toBeUndefined();
    expect((await collect(cli, request)).status).toBe(200);
  });

  test('another user is told the request does not exist, and cannot approve it', async () => {
    const { request } = await ask();
    const bob = await gw.signIn({ roles: ['access'] });
    expect(await bob.get(`/v1/webapi/headless/${request.requestId}`)).toMatchObject({ status: 404, body: { error: { message: `headless login request ${request.requestId} was not found` } } });
    expect((await bob.put(`/v1/webapi/headless/${request.requestId}`, { action: 'denied' })).status).toBe(404);
    expect((await alice.get(`/v1/webapi/headless/${request.requestId}`)).body.state).toBe('pending');
  });

  test('an expired request can be neither approved nor collected', async () => {
    const { cli, request } = await ask();
    clock += fiveMinutes;
    try {
      expect((await alice.get(`/v1/webapi/headless/${request.requestId}`)).status).toBe(410);
      expect(await approve(request)).toMatchObject({ status: 410, body: { error: { message: `headless login request ${request.requestId} has expired: run the command again for a new one` } } });
      expect((await collect(cli, request)).status).toBe(403);
    } finally {
      clock -= fiveMinutes;
    }
  });

  test('bad input is a 400 naming the problem', async () => {
    const { cli, request } = await ask();
    expect(await cli.post('/v1/webapi/login/headless', {})).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('body.user') } } });
    expect(await alice.get('/v1/webapi/headless/not-a-uuid')).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('requestId must be the id the command line printed') } } });
    expect(await alice.put(`/v1/webapi/headless/${request.requestId}`, { action: 'maybe' })).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('action must be "accept"') } } });
    expect(await alice.put(`/v1/webapi/headless/${request.requestId}`, { action: 'accept' })).toMatchObject({ status: 400 });
    expect(await cli.post(`/v1/webapi/login/headless/${request.requestId}/session`, {})).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('body.secret') } } });
  });
});
