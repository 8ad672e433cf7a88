import { decodeFrame, makeRecording, RecordingDescription, type ControlMessage, type RecordingEventJson } from '@portcullis/shared';
import WebSocket from 'ws';
import type { Client, TestGateway } from '../harness';
import { auditEvents, eventually, useFleet } from './fixtures';

// Real agents and login shells (root's profile here starts slowly): more than jest's default 5 s.
jest.setTimeout(60_000);

interface Run {
  output: string;
  controls: ControlMessage[];
  status: number;
}

/** Opens the command websocket, collects output and control messages until the gateway closes it. */
async function execute(gw: TestGateway, client: Client, params: Record<string, unknown>): Promise<Run> {
  const query = new URLSearchParams({ access_token: client.session!.token, params: JSON.stringify(params) });
  const socket = new WebSocket(`${gw.url.replace(/^http/, 'ws')}/v1/webapi/command/localhost/execute?${query}`, { headers: { cookie: client.cookieHeader() } });
  const run: Run = { output: '', controls: [], status: 0 };
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    const frame = decodeFrame(isBinary ? new Uint8Array(data) : data.toString());
    if (frame.kind === 'data') run.output += Buffer.from(frame.data).toString();
    else run.controls.push(frame.message);
  });
  socket.on('unexpected-response', (_req, res) => {
    run.status = res.statusCode ?? 0;
    socket.terminate();
  });
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('close', resolve));
  return run;
}

const closeOf = (run: Run) => run.controls.find((c) => c.type === 'close');
const sidOf = (run: Run) => {
  const session = run.controls.find((c) => c.type === 'session');
  return session?.type === 'session' ? session.session.id : '';
};

describe('the command websocket', () => {
  const fleet = useFleet();
  const events = () => auditEvents(fleet.gw);
  /** The audit events of a session, once its end has been written. */
  const sessionEvents = async (sid: string) => {
    await eventually(async () => (await events()).some((e) => e.code === 'T2004I' && e.sid === sid), 'the session end event');
    return (await events()).filter((e) => e.sid === sid);
  };

  test.each([
    ['agent', () => fleet.agentNode],
    ['OpenSSH', () => fleet.sshNode],
  ])('runs a command without a terminal on the %s node and closes with its exit code, audited as exec', async (_kind, node) => {
    const run = await execute(fleet.gw, fleet.admin, { command: 'echo hi-$((1+1)); test -t 1 || echo no-tty', login: 'root', server_id: node() });
    expect(run.output).toBe('hi-2\nno-tty\n');
    expect(closeOf(run)).toEqual({ type: 'close', reason: 'shell exited', exitCode: 0 });
    const mine = await sessionEvents(sidOf(run));
    expect(mine.map((e) => e.code)).toEqual(['T3002I', 'T2004I']);
    expect(mine[0]).toMatchObject({ user: fleet.admin.name, login: 'root', server_id: node(), command: 'echo hi-$((1+1)); test -t 1 || echo no-tty', exitCode: 0 });
    expect(mine[1]).toMatchObject({ user: fleet.admin.name, participants: [fleet.admin.name], interactive: false, session_recording: 'on', exit_code: 0 });
  });

  test.each([
    ['agent', () => fleet.agentNode],
    ['OpenSSH', () => fleet.sshNode],
  ])('a nonzero exit code on the %s node is reported in the close message and audited as a failed exec', async (_kind, node) => {
    const run = await execute(fleet.gw, fleet.admin, { command: 'echo oops >&2; exit 7', login: 'root', server_id: node() });
    expect(run.output).toBe('oops\n');
    expect(closeOf(run)).toEqual({ type: 'close', reason: 'shell exited', exitCode: 7 });
    expect((await sessionEvents(sidOf(run))).find((e) => e.code === 'T3002E')).toMatchObject({ exitCode: 7, exitError: 'exit status 7' });
  });

  test('a login missing from the roles is refused and audited, as in the terminal', async () => {
    const run = await execute(fleet.gw, fleet.admin, { command: 'id -un', login: 'postgres', server_id: fleet.agentNode });
    expect(run.output).toBe('');
    expect(run.controls).toContainEqual({ type: 'error', message: 'access denied to postgres@agent-node: login "postgres" is not in your roles\' logins' });
    expect(await events()).toContainEqual(expect.objectContaining({ code: 'T1006W', user: fleet.admin.name, login: 'postgres', server: 'agent-node', reason: 'login "postgres" is not in your roles\' logins' }));
  });

  test('params missing a command are a 400 before the upgrade', async () => {
    const run = await execute(fleet.gw, fleet.admin, { login: 'root', server_id: fleet.agentNode });
    expect(run.status).toBe(400);
  });

  test('the ended command session is listed in session search and labelled non-interactive, not playable', async () => {
    await fleet.gw.createRole(`
kind: role
metadata: { name: session-auditor }
spec:
  allow: { rules: [{ resources: [session], verbs: [list, read] }] }
`);
    const run = await execute(fleet.gw, fleet.admin, { command: 'echo listed', login: 'root', server_id: fleet.agentNode });
    const sid = sidOf(run);
    const auditor = await fleet.gw.signIn({ roles: ['session-auditor'] });
    const found = await eventually(async () => {
      const res = await auditor.get<{ events: RecordingEventJson[] }>(`/v1/webapi/sites/localhost/events/search/sessions?start=${new Date(Date.now() - 3_600_000).toISOString()}&end=${new Date(Date.now() + 60_000).toISOString()}`);
      return res.body.events?.find((e) => e.sid === sid);
    }, 'the exec session in session search');
    const recording = makeRecording(found);
    expect(recording).toMatchObject({ sid, description: RecordingDescription.nonInteractive, playable: false, hostname: 'agent-node', users: fleet.admin.name });
  });
});
