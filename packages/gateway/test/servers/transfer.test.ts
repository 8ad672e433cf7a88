import { randomBytes } from 'node:crypto';
import { makeEvent } from '@portcullis/shared';
import { readFileSync, rmSync } from 'node:fs';
import type { Client, TestGateway } from '../harness';
import { auditEvents, eventually, useFleet } from './fixtures';

// Real sshd, agents and login shells (root's profile here starts slowly): more than jest's default 5 s.
jest.setTimeout(60_000);

const scp = (node: string, login: string, query: string) => `/v1/webapi/sites/localhost/nodes/${node}/${login}/scp?${query}`;

async function upload(client: Client, path: string, data: Buffer) {
  return client.request<{ message: string; path: string; size: number }>('POST', path, undefined, {
    headers: { 'content-type': 'application/octet-stream' },
    rawBody: data as unknown as string,
  });
}

async function download(gw: TestGateway, client: Client, path: string) {
  const res = await fetch(`${gw.url}${path}`, { headers: { cookie: client.cookieHeader(), authorization: `Bearer ${client.session!.token}` } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe('file transfer', () => {
  const fleet = useFleet();
  const events = () => auditEvents(fleet.gw);

  test.each([
    ['agent', () => fleet.agentNode, 'agent-node'],
    ['OpenSSH', () => fleet.sshNode, 'openssh-node'],
  ])('uploads to and downloads from the %s node byte for byte, each transfer audited', async (kind, node, hostname) => {
    const data = randomBytes(5 * 1024 * 1024 + 123);
    const name = `portcullis-transfer-${kind}-${process.pid}.bin`;
    const up = await upload(fleet.admin, scp(node(), 'root', `location=/tmp/&filename=${name}`), data);
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ message: 'ok', path: `/tmp/${name}`, size: data.length });
    expect(readFileSync(`/tmp/${name}`).equals(data)).toBe(true);

    const down = await download(fleet.gw, fleet.admin, scp(node(), 'root', `location=${encodeURIComponent(`/tmp/${name}`)}`));
    expect(down.status).toBe(200);
    expect(down.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${name}`);
    expect(down.body.equals(data)).toBe(true);
    rmSync(`/tmp/${name}`);

    // The download's event is written once the node confirms the whole file was read.
    const audit = await eventually(async () => {
      const all = await events();
      return all.some((e) => e.code === 'T3004I' && e.path === `/tmp/${name}`) && all;
    }, 'the download event');
    expect(audit).toContainEqual(expect.objectContaining({ code: 'T3005I', user: fleet.admin.name, path: `/tmp/${name}`, server_id: node(), login: 'root', size: data.length }));
    expect(audit).toContainEqual(expect.objectContaining({ code: 'T3004I', user: fleet.admin.name, path: `/tmp/${name}`, server_id: node(), login: 'root', size: data.length }));
    // The audit log names the node as people know it, not by its id.
    const messages = audit.filter((e) => e.path === `/tmp/${name}`).map((e) => makeEvent(e as never).message);
    expect(messages).toEqual([
      `User [${fleet.admin.name}] uploaded a file [/tmp/${name}] to node [${hostname}]`,
      `User [${fleet.admin.name}] downloaded a file [/tmp/${name}] from node [${hostname}]`,
    ]);
  });

  test.each([
    ['agent', () => fleet.agentNode],
    ['OpenSSH', () => fleet.sshNode],
  ])('a missing file on the %s node is a 404 with the reason, audited as a failure', async (_kind, node) => {
    const res = await download(fleet.gw, fleet.admin, scp(node(), 'root', 'location=/tmp/portcullis-no-such-file'));
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toEqual({ error: { message: '/tmp/portcullis-no-such-file: No such file or directory' } });
    expect(await events()).toContainEqual(expect.objectContaining({ code: 'T3004E', server_id: node(), exitError: '/tmp/portcullis-no-such-file: No such file or directory' }));
  });

  test('the host decides file permissions: nobody cannot write into /root', async () => {
    const res = await upload(fleet.admin, scp(fleet.agentNode, 'nobody', 'location=/root/&filename=x'), Buffer.from('x'));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { message: expect.stringMatching(/Permission denied/) } });
  });

  test('a login outside the roles is refused with a 403 and audited', async () => {
    const res = await download(fleet.gw, fleet.admin, scp(fleet.agentNode, 'postgres', 'location=/etc/hostname'));
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body.toString()).error.message).toMatch(/login "postgres" is not in your roles' logins/);
    expect(await events()).toContainEqual(expect.objectContaining({ code: 'T3010E', user: fleet.admin.name, login: 'postgres', server_id: fleet.agentNode }));
  });

  test('an upload without a raw body, or a filename with a slash, is a 400', async () => {
    const json = await fleet.admin.post(scp(fleet.agentNode, 'root', 'location=/tmp/&filename=a'), { not: 'a file' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ error: { message: expect.stringContaining('Content-Type: application/octet-stream') } });
    expect((await upload(fleet.admin, scp(fleet.agentNode, 'root', 'location=/tmp/&filename=a/b'), Buffer.from('x'))).status).toBe(400);
  });
});
