import { rmSync, writeFileSync } from 'node:fs';
import type { ControlMessage } from '@portcullis/shared';
import type { Agent } from '../../src/agent/agent';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { auditEvents, createJoinToken, eventually, operatorRole, startAgent, TerminalClient } from '../servers/fixtures';
import { joinSession, moderatedRole, moderatorRole, sendControl, sessionIdOf } from './fixtures';

// A real agent and login shell: more than jest's default 5 s.
jest.setTimeout(60_000);

const nodeAccess = `    logins: [root]\n    node_labels: { env: test }\n`;
const file = `/tmp/portcullis-moderated-${process.pid}.txt`;

describe.each(engines)('a moderated user on a node: file transfer and commands (%s)', (engine) => {
  let gw: TestGateway;
  let agent: Agent;
  let node: string;
  let owner: Client & { name: string };
  let moderator: Client & { name: string };
  let operator: Client & { name: string };
  let t: TerminalClient;
  let mod: TerminalClient;
  let sid: string;

  beforeAll(async () => {
    writeFileSync(file, 'approved contents\n');
    gw = await startGateway({ engine });
    await gw.createRole(operatorRole);
    await gw.createRole(moderatedRole('moderated-ssh', 'pause', nodeAccess));
    await gw.createRole(moderatorRole);
    operator = await gw.signIn({ roles: ['servers-operator'] });
    ({ agent, nodeId: node } = await startAgent(gw.url, await createJoinToken(operator), { hostname: 'moderated-node' }));
    owner = await gw.signIn({ roles: ['moderated-ssh'] });
    moderator = await gw.signIn({ roles: ['moderators'] });
    t = await TerminalClient.open(gw, owner, { server_id: node, login: 'root', term: { w: 80, h: 24 } });
    sid = await sessionIdOf(t);
    mod = await joinSession(gw, moderator, sid, 'moderator');
    await t.waitFor(/the session has started/);
  });
  afterAll(async () => {
    // The session's end is audited before the database goes away.
    t?.close();
    if (t) await eventually(async () => (await auditEvents(gw)).some((e) => e.code === 'T2004I' && e.sid === sid), 'the session end');
    await agent?.stop();
    await gw?.close();
    rmSync(file, { force: true });
  });

  const scp = (query: string) => `/v1/webapi/sites/localhost/nodes/${node}/root/scp?${query}`;
  const download = async (client: Client, query: string) => {
    const res = await fetch(`${gw.url}${scp(query)}`, { headers: { cookie: client.cookieHeader(), authorization: `Bearer ${client.session!.token}` } });
    const text = await res.text();
    return { status: res.status, text };
  };
  const upload = (client: Client, query: string) =>
    client.request('POST', scp(query), undefined, { headers: { 'content-type': 'application/octet-stream' }, rawBody: 'uploaded' });
  const refusal = (reason: string) => JSON.stringify({ error: { message: `access denied to root@moderated-node: file transfers in a moderated session need a moderator's approval: ${reason}` } });

  /** The owner asks; resolves with the request as every party was told it. */
  const ask = async (request: { download: boolean; location: string; filename?: string }) => {
    const seen = t.controls.length;
    sendControl(t, { type: 'file-transfer-request', ...request });
    const told = await eventually(async () => t.controls.slice(seen).find((c): c is Extract<ControlMessage, { type: 'file-transfer-request' }> => c.type === 'file-transfer-request'), 'the request');
    await eventually(async () => mod.controls.some((c) => c.type === 'file-transfer-request' && c.requestId === told.requestId), "the moderator's copy");
    return told;
  };
  const decide = async (requestId: string, approved: boolean) => {
    sendControl(mod, { type: 'file-transfer-decision', requestId, approved });
    const decision = { type: 'file-transfer-decision', requestId, approved, moderator: moderator.name };
    await eventually(async () => t.controls.some((c) => JSON.stringify(c) === JSON.stringify(decision)), 'the decision');
    expect(mod.controls).toContainEqual(decision);
  };

  it('is refused without an approved request, and audited', async () => {
    const res = await download(owner, `location=${encodeURIComponent(file)}`);
    expect(res.status).toBe(403);
    expect(res.text).toBe(refusal('ask for the transfer from your terminal on moderated-node, then send moderatedSessionId and fileTransferRequestId'));
    expect(await auditEvents(gw)).toContainEqual(expect.objectContaining({ code: 'T3010E', user: owner.name, login: 'root', server_id: node }));
  });

  it('goes through once approved, exactly once', async () => {
    const request = await ask({ download: true, location: file });
    expect(request).toEqual({ type: 'file-transfer-request', requestId: request.requestId, requester: owner.name, download: true, location: file });
    const query = `location=${encodeURIComponent(file)}&moderatedSessionId=${sid}&fileTransferRequestId=${request.requestId}`;
    expect((await download(owner, query)).text).toBe(refusal(`file transfer request ${request.requestId} is still waiting for a moderator`));

    await decide(request.requestId!, true);
    // An approval is for that transfer only: not an upload to the same place.
    expect((await upload(owner, query)).body).toEqual(JSON.parse(refusal(`file transfer request ${request.requestId} was approved for downloading ${file}, not this transfer`)));
    expect(await download(owner, query)).toEqual({ status: 200, text: 'approved contents\n' });
    expect(await download(owner, query)).toEqual({ status: 403, text: refusal(`file transfer request ${request.requestId} was already used`) });
  });

  it('is refused when the moderator denies it', async () => {
    const request = await ask({ download: false, location: '/tmp', filename: `portcullis-denied-${process.pid}.txt` });
    await decide(request.requestId!, false);
    const res = await upload(owner, `location=%2Ftmp&filename=portcullis-denied-${process.pid}.txt&moderatedSessionId=${sid}&fileTransferRequestId=${request.requestId}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(JSON.parse(refusal(`a moderator denied file transfer request ${request.requestId}`)));
  });

  it('only a moderator decides, and another user cannot use the session', async () => {
    const request = await ask({ download: true, location: file });
    sendControl(t, { type: 'file-transfer-decision', requestId: request.requestId!, approved: true });
    await eventually(async () => t.errors().includes('only a moderator can approve or deny a file transfer'), "the owner's refusal");
    // A moderator who joins later is asked too.
    const late = await joinSession(gw, moderator, sid, 'moderator');
    await eventually(async () => late.controls.some((c) => c.type === 'file-transfer-request' && c.requestId === request.requestId), 'the request, for the late moderator');
    late.close();
    const stranger = await gw.signIn({ roles: ['moderated-ssh'] });
    const res = await download(stranger, `location=${encodeURIComponent(file)}&moderatedSessionId=${sid}&fileTransferRequestId=${request.requestId}`);
    expect(res.text).toBe(refusal(`session ${sid} is not your running session on moderated-node as root`));
  });

  it('a command cannot be moderated, so it is refused', async () => {
    const params = encodeURIComponent(JSON.stringify({ command: 'id -un', login: 'root', server_id: node }));
    const run = await TerminalClient.connect(gw, owner, `/v1/webapi/command/localhost/execute?access_token=${owner.session!.token}&params=${params}`);
    await run.closed;
    const reason = 'your roles require moderators for ssh sessions (policy moderated-ssh-policy), and a command cannot be moderated: open a terminal instead';
    expect(run.errors()).toEqual([`access denied to root@moderated-node: ${reason}`]);
    expect(await auditEvents(gw)).toContainEqual(expect.objectContaining({ code: 'T2015W', user: owner.name, login: 'root', server_id: node, reason }));
  });

  it('changes nothing for a user whose sessions are not moderated', async () => {
    expect(await download(operator, `location=${encodeURIComponent(file)}`)).toEqual({ status: 200, text: 'approved contents\n' });
  });
});
