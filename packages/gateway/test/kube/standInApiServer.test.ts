import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn as spawnPty } from 'node-pty';
import { roundTrip, startEchoServer } from './echoServer';
import { startStandInApiServer, type StandInApiServer } from './standInApiServer';
import { tunnelledPortForwardProtocol } from './standInPortForward';

// The real kubectl (one process per test step) against the stand-in, over loopback only.
let server: StandInApiServer;
let dir: string;
let kubeconfig: string;

beforeAll(async () => {
  server = await startStandInApiServer({
    pods: [
      { namespace: 'default', name: 'web-1', containers: ['app'], logLines: ['starting', 'listening on 8080'] },
      { namespace: 'other', name: 'db-1', containers: ['db', 'backup'] },
    ],
  });
  dir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-kubectl-'));
  kubeconfig = server.writeKubeconfig(dir);
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** kubectl's discovery cache goes in the test's directory, away from the home directory and from other runs' servers. */
const kubectlArgs = (args: string[]) => ['--kubeconfig', kubeconfig, '--cache-dir', path.join(dir, 'cache'), ...args];

interface Output {
  text: string;
  /** Resolves once the text matches, rejects if the stream ends first. */
  sees(pattern: RegExp): Promise<void>;
}

function output(subscribe: (onData: (chunk: string) => void) => void, ended: Promise<unknown>): Output {
  let text = '';
  const waiting = new Set<{ pattern: RegExp; resolve: () => void }>();
  subscribe((chunk) => {
    text += chunk;
    for (const w of waiting) {
      if (!w.pattern.test(text)) continue;
      waiting.delete(w);
      w.resolve();
    }
  });
  return {
    get text() {
      return text;
    },
    sees: (pattern) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(text)) return resolve();
        waiting.add({ pattern, resolve });
        void ended.then(() => reject(new Error(`${pattern} never appeared in:\n${text}`)));
      }),
  };
}

function kubectl(args: string[], input?: string, env: NodeJS.ProcessEnv = {}) {
  const child = spawn('kubectl', kubectlArgs(args), { stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  child.stdin?.end(input);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const stdout = output((onData) => child.stdout!.on('data', (d: Buffer) => onData(d.toString())), exited);
  const stderr = output((onData) => child.stderr!.on('data', (d: Buffer) => onData(d.toString())), exited);
  return { child, stdout, stderr, exited };
}

/** kubectl on its own terminal, so that `-t` gets a real TTY (raw mode, window size) as it would for a person. */
function kubectlOnTerminal(args: string[]) {
  const pty = spawnPty('kubectl', kubectlArgs(args), { cols: 100, rows: 30, cwd: dir, env: process.env as Record<string, string> });
  const exited = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  return { pty, screen: output((onData) => pty.onData(onData), exited), exited };
}

describe('kubectl get', () => {
  test('lists the pods of the current namespace as Running, from the Table the stand-in serves', async () => {
    const run = kubectl(['get', 'pods']);
    expect(await run.exited).toBe(0);
    expect(run.stdout.text).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\nweb-1 +1\/1 +Running +0 +\d+[sm]\n$/);
    const list = await server.waitFor((r) => r.path === '/api/v1/namespaces/default/pods');
    expect(list.query).toEqual({ limit: '500' });
  });

  test('lists another namespace with -n, and every namespace with -A', async () => {
    const other = kubectl(['get', 'pods', '-n', 'other']);
    expect(await other.exited).toBe(0);
    expect(other.stdout.text).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\ndb-1 +2\/2 +Running +0 +\d+[sm]\n$/);
    const all = kubectl(['get', 'pods', '-A']);
    expect(await all.exited).toBe(0);
    expect(all.stdout.text).toMatch(/^NAMESPACE +NAME +READY +STATUS +RESTARTS +AGE\ndefault +web-1 +1\/1 +Running .*\nother +db-1 +2\/2 +Running .*\n$/);
  });

  test('returns one pod as JSON, and NotFound for a pod that does not exist', async () => {
    const run = kubectl(['get', 'pod', 'db-1', '-n', 'other', '-o', 'json']);
    expect(await run.exited).toBe(0);
    type Pod = { kind: string; metadata: { name: string; namespace: string }; spec: { containers: Array<{ name: string }> }; status: { phase: string } };
    const pod = JSON.parse(run.stdout.text) as Pod;
    expect([pod.kind, pod.metadata.name, pod.metadata.namespace, pod.status.phase]).toEqual(['Pod', 'db-1', 'other', 'Running']);
    expect(pod.spec.containers.map((c) => c.name)).toEqual(['db', 'backup']);
    const missing = kubectl(['get', 'pod', 'web-9']);
    expect(await missing.exited).toBe(1);
    expect(missing.stderr.text).toBe('Error from server (NotFound): pods "web-9" not found\n');
  });

  test('watches: the watch opens with an ADDED event for each pod, which --watch-only prints', async () => {
    const run = kubectl(['get', 'pods', '-w', '--watch-only', '-n', 'other']);
    // --watch-only prints nothing from the list kubectl makes first, so the row below came through the watch.
    await run.stdout.sees(/^NAME +READY +STATUS +RESTARTS +AGE\ndb-1 +2\/2 +Running +0 +\d+[sm]\n$/);
    const watch = await server.waitFor((r) => r.path === '/api/v1/namespaces/other/pods' && r.query.watch === 'true');
    expect(watch.query.resourceVersion).toBe('1');
    run.child.kill('SIGTERM');
    await run.exited;
  });
});

test('kubectl logs -f prints the first lines, then each line appended while it follows', async () => {
  const run = kubectl(['logs', '-f', 'web-1']);
  await run.stdout.sees(/^starting\nlistening on 8080\n$/);
  const follow = await server.waitFor((r) => r.path === '/api/v1/namespaces/default/pods/web-1/log');
  expect(follow.query).toEqual({ container: 'app', follow: 'true' });
  server.appendLog('default', 'web-1', 'GET /healthz 200');
  await run.stdout.sees(/^starting\nlistening on 8080\nGET \/healthz 200\n$/);
  run.child.kill('SIGTERM');
  await run.exited;
  const plain = kubectl(['logs', 'web-1']);
  expect(await plain.exited).toBe(0);
  expect(plain.stdout.text).toBe('starting\nlistening on 8080\nGET /healthz 200\n');
});

describe('kubectl exec', () => {
  test('runs the command over the v5 channel websocket and exits with its exit code', async () => {
    const run = kubectl(['exec', 'web-1', '--', 'sh', '-c', 'echo hi; exit 3']);
    expect(await run.exited).toBe(3);
    expect(run.stdout.text).toBe('hi\n');
    expect(run.stderr.text).toBe('command terminated with exit code 3\n');
    const upgrade = await server.waitFor((r) => r.path === '/api/v1/namespaces/default/pods/web-1/exec');
    expect(upgrade.upgrade).toBe('websocket');
    expect(upgrade.protocols?.[0]).toBe('v5.channel.k8s.io');
    expect(upgrade.query).toEqual({ command: ['sh', '-c', 'echo hi; exit 3'], container: 'app', stdout: 'true', stderr: 'true' });
  });

  test('without a TTY, stdout and stderr stay apart and stdin reaches the command until it ends', async () => {
    const run = kubectl(['exec', '-i', 'db-1', '-n', 'other', '-c', 'backup', '--', 'sh', '-c', 'tr a-z A-Z; echo done >&2'], 'quiet please\n');
    expect(await run.exited).toBe(0);
    expect(run.stdout.text).toBe('QUIET PLEASE\n');
    expect(run.stderr.text).toBe('done\n');
  });

  test('-it gives the command a terminal of kubectl’s size, and exit ends kubectl with 0', async () => {
    const run = kubectlOnTerminal(['exec', '-it', 'web-1', '--', 'sh']);
    await run.screen.sees(/[$#] $/);
    run.pty.write('stty size; echo $((6*7))\r');
    await run.screen.sees(/30 100\r\n42\r\n/);
    run.pty.write('exit\r');
    expect(await run.exited).toBe(0);
  });
});

test('kubectl attach joins the pod’s one long-running shell, which outlives a detach', async () => {
  const isAttach = (r: { path: string }) => r.path === '/api/v1/namespaces/other/pods/db-1/attach';
  const first = kubectlOnTerminal(['attach', '-it', 'db-1', '-n', 'other', '-c', 'db']);
  const firstAttach = await server.waitFor(isAttach);
  first.pty.write('\r');
  await first.screen.sees(/[$#] $/);
  first.pty.write('KEPT=kept-$((1+1))\r');
  await first.screen.sees(/KEPT=kept-\$\(\(1\+1\)\)\r\n[$#] $/);
  first.pty.kill('SIGTERM');
  await first.exited;
  const second = kubectlOnTerminal(['attach', '-it', 'db-1', '-n', 'other', '-c', 'db']);
  // Enter once kubectl is attached, as for the first: the shell prints its prompt only when it reads a line.
  await server.waitFor((r) => isAttach(r) && r !== firstAttach);
  second.pty.write('\r');
  await second.screen.sees(/[$#] $/);
  second.pty.write('echo $KEPT\r');
  await second.screen.sees(/\r\nkept-2\r\n/);
  second.pty.write('exit 4\r');
  expect(await second.exited).toBe(4);
});

test('a wrong token gets Unauthorized; impersonation headers are recorded as sent', async () => {
  const wrong = kubectl(['get', 'pods', '--token', 'not-the-token']);
  expect(await wrong.exited).toBe(1);
  expect(wrong.stderr.text).toMatch(/error: You must be logged in to the server \(Unauthorized\)\n$/);
  expect(server.seen.some((r) => r.authorization === 'Bearer not-the-token')).toBe(true);

  const impersonating = kubectl(['get', 'pods', '-n', 'other', '--as', 'alice', '--as-group', 'devs', '--as-group', 'ops']);
  expect(await impersonating.exited).toBe(0);
  const list = await server.waitFor((r) => r.path === '/api/v1/namespaces/other/pods' && r.impersonateUser !== undefined);
  expect([list.impersonateUser, list.impersonateGroups]).toEqual(['alice', ['devs', 'ops']]);
  expect(list.authorization).toBe(`Bearer ${server.token}`);
});

describe('kubectl port-forward', () => {
  /** Distinct bytes, more than a SPDY stream's initial 64 KiB window, so a flow-control stall would show. */
  const payload = (seed: number) => Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31 + seed) % 251));

  test.each([
    ['a websocket tunnelling SPDY (kubectl’s default)', {}, { method: 'GET', upgrade: 'websocket' }],
    ['a SPDY upgrade (KUBECTL_PORT_FORWARD_WEBSOCKETS=false)', { KUBECTL_PORT_FORWARD_WEBSOCKETS: 'false' }, { method: 'POST', upgrade: 'SPDY/3.1' }],
  ])('carries connections to the pod’s port over %s', async (_how, env, request) => {
    const echo = await startEchoServer();
    const seenBefore = server.seen.length;
    const run = kubectl(['port-forward', 'pod/web-1', `0:${echo.port}`], undefined, env);
    try {
      await run.stdout.sees(/Forwarding from 127\.0\.0\.1:\d+ ->/);
      const local = Number(/Forwarding from 127\.0\.0\.1:(\d+) ->/.exec(run.stdout.text)![1]);
      // Two connections at once: each is its own pair of streams, told apart by their request id.
      const [first, second] = await Promise.all([roundTrip(local, payload(1)), roundTrip(local, payload(2))]);
      expect(first.equals(payload(1))).toBe(true);
      expect(second.equals(payload(2))).toBe(true);
      // One upgrade, the one asked for: a refused websocket would have kubectl fall back to SPDY unnoticed.
      const upgrades = server.seen.slice(seenBefore).filter((r) => r.path === '/api/v1/namespaces/default/pods/web-1/portforward');
      expect(upgrades).toMatchObject([{ method: request.method, upgrade: request.upgrade }]);
      if (request.upgrade === 'websocket') expect(upgrades[0]!.protocols).toEqual([tunnelledPortForwardProtocol]);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
      await echo.close();
    }
  });

  test('a port nothing listens on is reported on the error stream, and kubectl gives up', async () => {
    const echo = await startEchoServer();
    const closedPort = echo.port;
    await echo.close();
    const run = kubectl(['port-forward', 'pod/web-1', `0:${closedPort}`]);
    await run.stdout.sees(/Forwarding from 127\.0\.0\.1:\d+ ->/);
    const local = Number(/Forwarding from 127\.0\.0\.1:(\d+) ->/.exec(run.stdout.text)![1]);
    expect((await roundTrip(local, Buffer.from('anyone there?'))).length).toBe(0);
    expect(await run.exited).toBe(1);
    expect(run.stderr.text).toContain(`error forwarding port ${closedPort} to pod: connect ECONNREFUSED 127.0.0.1:${closedPort}`);
  });
});
