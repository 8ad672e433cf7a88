import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, compilePath, INTERNAL_RESOURCE_ID_LABEL, kubeExecSocketUrl, listQueryPath, makeRecording, type JoinTokenJson } from '@portcullis/shared';
import { spawn as spawnPty } from 'node-pty';
import { parse } from 'yaml';
import type { Agent } from '../../src/agent/agent';
import { eventsWithCode } from '../apps/fixtures';
import { profileHome } from '../cli';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { createLock, removeAllLocks } from '../locks/fixtures';
import { eventually, TerminalClient } from '../servers/fixtures';
import { roundTrip, startEchoServer } from './echoServer';
import { kubeDevRole, kubeListOnlyRole, kubeWatcherRole, portcullis, run, startKubeAgent } from './fixtures';
import { startStandInApiServer, type StandInApiServer } from './standInApiServer';
import { tunnelledPortForwardProtocol } from './standInPortForward';

jest.setTimeout(90_000);

const kubeRequestCode = 'T3009I';
const sessionEndCode = 'T2004I';

// No Kubernetes API server installs here: the agent reaches a stand-in (standInApiServer.ts), and the real
// kubectl reaches the gateway, which is what these tests are about.
describe.each(engines)('kubectl through the gateway on %s', (engine) => {
  let standIn: StandInApiServer;
  let gw: TestGateway;
  let admin: Client & { name: string };
  let agent: Agent;
  /** The internal resource id the join token gave what its agent serves. */
  let resourceId: string;
  let home: string;

  /** kubectl with the kubeconfig `portcullis kube login` wrote in `where` (its HOME too, for kubectl's caches). */
  const kubectl = (args: string[], where = home) => run('kubectl', ['--kubeconfig', path.join(where, 'kubeconfig'), ...args], { HOME: where });
  const kubeLogin = async (client: Client & { name: string }) => {
    const where = profileHome(gw, client);
    const login = await portcullis(where, ['kube', 'login', 'dev-cluster', '--kubeconfig', path.join(where, 'kubeconfig')]);
    expect(login).toMatchObject({ code: 0 });
    expect(login.stdout).toContain('Logged into Kubernetes cluster dev-cluster');
    return where;
  };

  beforeAll(async () => {
    standIn = await startStandInApiServer({
      pods: [
        { namespace: 'default', name: 'web-1', containers: ['app'], logLines: ['started', 'ready'] },
        { namespace: 'other', name: 'db-0', containers: ['db'] },
      ],
    });
    const upstream = standIn.writeKubeconfig(mkdtempSync(path.join(os.tmpdir(), 'portcullis-kube-upstream-')));
    gw = await startGateway({ engine });
    await gw.createRole(kubeDevRole);
    await gw.createRole(kubeListOnlyRole);
    await gw.createRole(kubeWatcherRole);
    admin = await gw.signIn({ roles: ['editor', 'kube-dev'] });
    const token = (await admin.post<JoinTokenJson>('/v1/webapi/token', { roles: ['Node'] })).body;
    resourceId = (token.suggestedLabels ?? []).find((l) => l.name === INTERNAL_RESOURCE_ID_LABEL)!.value;
    agent = await startKubeAgent(gw.url, token.id, [`dev-cluster=${upstream}`], { env: 'dev' });
    home = await kubeLogin(admin);
  });
  afterAll(async () => {
    await agent?.stop();
    await gw?.close();
    await standIn?.close();
  });

  test('the cluster is listed with the Kubernetes users and groups the roles grant there', async () => {
    const res = await admin.get(listQueryPath(apiPaths.kubernetes, { clusterId: 'localhost', limit: 10 }));
    expect(res.body).toEqual({
      items: [
        {
          name: 'dev-cluster',
          labels: [
            { name: 'env', value: 'dev' },
            { name: INTERNAL_RESOURCE_ID_LABEL, value: resourceId },
          ],
          kubernetes_users: ['alice-k8s'],
          kubernetes_groups: ['devs', 'viewers'],
        },
      ],
      startKey: '',
      totalCount: 1,
    });
    const ls = await portcullis(home, ['kube', 'ls']);
    expect(ls.stdout).toMatch(/dev-cluster\s+env=dev\s+alice-k8s\s+devs,viewers/);
  });

  test('kubectl get pods reaches the API server with the agent’s credentials, impersonating what the roles grant', async () => {
    const got = await kubectl(['get', 'pods']);
    expect(got).toMatchObject({ code: 0 });
    expect(got.stdout).toMatch(/web-1\s+\S+\s+Running/);
    expect(got.stdout).not.toContain('db-0');
    const seen = await standIn.waitFor((r) => r.method === 'GET' && r.path === '/api/v1/namespaces/default/pods');
    expect(seen).toMatchObject({ impersonateUser: 'alice-k8s', impersonateGroups: ['devs', 'viewers'], authorization: `Bearer ${standIn.token}` });
    const audited = await eventually(
      async () => (await eventsWithCode(gw, kubeRequestCode)).find((e) => e.request_path === '/api/v1/namespaces/default/pods' && e.response_code === 200),
      'the kube.request event',
    );
    expect(audited).toMatchObject({ user: admin.name, kubernetes_cluster: 'dev-cluster', verb: 'GET', kubernetes_users: ['alice-k8s'], kubernetes_groups: ['devs', 'viewers'] });
  });

  test('a user whose roles grant no Kubernetes user or group gets a clear 403, and --as beyond the roles is refused', async () => {
    const viewer = await gw.signIn({ roles: ['kube-list-only'] });
    const where = await kubeLogin(viewer);
    const denied = await kubectl(['get', 'pods'], where);
    expect(denied.code).not.toBe(0);
    // kubectl shows a refused discovery request's Status only as "unknown"; the gateway's warning carries the reason.
    expect(denied.stderr).toContain('Warning: your roles grant no Kubernetes users or groups on cluster dev-cluster (kubernetes_users, kubernetes_groups)');
    await eventually(async () => (await eventsWithCode(gw, kubeRequestCode)).some((e) => e.user === viewer.name && e.response_code === 403), 'the refusal audited');

    const impostor = await kubectl(['get', 'pods', '--as', 'cluster-admin']);
    expect(impostor.code).not.toBe(0);
    expect(impostor.stderr).toContain('Warning: your roles do not grant the Kubernetes user "cluster-admin" on cluster dev-cluster');
  });

  test('kubectl logs -f streams lines as the pod writes them', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn('kubectl', ['--kubeconfig', path.join(home, 'kubeconfig'), 'logs', '-f', 'web-1'], { env: { ...process.env, HOME: home } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await eventually(async () => out.includes('ready'), 'the first lines');
      standIn.appendLog('default', 'web-1', 'a line written later');
      await eventually(async () => out.includes('a line written later'), 'the appended line');
      expect(out.split('\n').filter(Boolean)).toEqual(['started', 'ready', 'a line written later']);
    } finally {
      child.kill();
    }
  });

  test('kubectl get pods --watch streams the watch through the gateway', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn('kubectl', ['--kubeconfig', path.join(home, 'kubeconfig'), 'get', 'pods', '--watch-only'], { env: { ...process.env, HOME: home } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await eventually(async () => /web-1\s+\S+\s+Running/.test(out), `the watched pod (got ${JSON.stringify(out)})`);
      const watch = await standIn.waitFor((r) => r.path === '/api/v1/namespaces/default/pods' && r.query.watch === 'true');
      expect(watch).toMatchObject({ impersonateUser: 'alice-k8s' });
    } finally {
      child.kill();
    }
  });

  test.each([
    ['a websocket tunnelling SPDY (kubectl’s default)', {}, { verb: 'GET', upgrade: 'websocket' }],
    ['a SPDY upgrade (KUBECTL_PORT_FORWARD_WEBSOCKETS=false)', { KUBECTL_PORT_FORWARD_WEBSOCKETS: 'false' }, { verb: 'POST', upgrade: 'SPDY/3.1' }],
  ])('kubectl port-forward carries a connection to the pod’s port over %s, audited as a kube request', async (_how, env, request) => {
    const echo = await startEchoServer();
    const child = spawn('kubectl', ['--kubeconfig', path.join(home, 'kubeconfig'), 'port-forward', 'pod/web-1', `0:${echo.port}`], { env: { ...process.env, ...env, HOME: home } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise((resolve) => child.once('close', resolve));
    try {
      const local = Number(await eventually(async () => /Forwarding from 127\.0\.0\.1:(\d+) ->/.exec(out)?.[1], `kubectl listening (got ${JSON.stringify(out)})`));
      const sent = Buffer.from(`through the gateway and back over ${request.upgrade}`);
      expect((await roundTrip(local, sent)).toString()).toBe(sent.toString());
      const upstream = await standIn.waitFor((r) => r.path === '/api/v1/namespaces/default/pods/web-1/portforward' && r.upgrade === request.upgrade);
      expect(upstream).toMatchObject({ method: request.verb, impersonateUser: 'alice-k8s', impersonateGroups: ['devs', 'viewers'], authorization: `Bearer ${standIn.token}` });
      if (request.upgrade === 'websocket') expect(upstream.protocols).toEqual([tunnelledPortForwardProtocol]);
      const audited = await eventually(
        async () => (await eventsWithCode(gw, kubeRequestCode)).find((e) => e.request_path === '/api/v1/namespaces/default/pods/web-1/portforward' && e.verb === request.verb),
        'the port-forward audited',
      );
      expect(audited).toMatchObject({ user: admin.name, kubernetes_cluster: 'dev-cluster', response_code: 101, kubernetes_users: ['alice-k8s'], kubernetes_groups: ['devs', 'viewers'] });
    } finally {
      child.kill();
      await exited;
      await echo.close();
    }
  });

  test('a port-forward from a user whose roles grant no Kubernetes user or group is refused and audited', async () => {
    const viewer = await gw.signIn({ roles: ['kube-list-only'] });
    const where = await kubeLogin(viewer);
    // kubectl asks for the pod before it forwards, and is refused there already.
    const denied = await kubectl(['port-forward', 'pod/web-1', '0:80'], where);
    expect(denied.code).not.toBe(0);
    expect(denied.stderr).toContain('your roles grant no Kubernetes users or groups on cluster dev-cluster');
    // The port-forward upgrade itself, as kubectl would send it with this user's credentials.
    type Kubeconfig = { clusters: { cluster: { server: string; 'certificate-authority-data'?: string } }[] };
    const { cluster } = (parse(readFileSync(path.join(where, 'kubeconfig'), 'utf8')) as Kubeconfig).clusters[0]!;
    const credential = JSON.parse((await portcullis(where, ['kube', 'credentials', 'dev-cluster'])).stdout) as { status: { token: string } };
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const upgrade = httpsRequest(`${cluster.server}/api/v1/namespaces/default/pods/web-1/portforward`, {
        headers: {
          authorization: `Bearer ${credential.status.token}`,
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
          'sec-websocket-protocol': tunnelledPortForwardProtocol,
        },
        ...(cluster['certificate-authority-data'] && { ca: Buffer.from(cluster['certificate-authority-data'], 'base64') }),
      });
      upgrade.on('response', (res) => resolve(res.resume().statusCode));
      upgrade.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve(res.statusCode);
      });
      upgrade.on('error', reject);
      upgrade.end();
    });
    expect(status).toBe(403);
    const audited = await eventually(
      async () => (await eventsWithCode(gw, kubeRequestCode)).find((e) => e.user === viewer.name && e.request_path === '/api/v1/namespaces/default/pods/web-1/portforward'),
      'the refused port-forward audited',
    );
    expect(audited).toMatchObject({ kubernetes_cluster: 'dev-cluster', verb: 'GET', response_code: 403 });
    expect(standIn.seen.filter((r) => r.path.endsWith('/portforward') && r.impersonateUser !== 'alice-k8s')).toEqual([]);
  });

  test('kubectl attach -it joins the container’s process as a session, and its exit code comes back', async () => {
    const pty = spawnPty('kubectl', ['--kubeconfig', path.join(home, 'kubeconfig'), 'attach', '-it', 'web-1'], { cols: 80, rows: 24, env: { ...process.env, HOME: home } });
    let out = '';
    pty.onData((d) => (out += d));
    const exited = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
    await standIn.waitFor((r) => r.path === '/api/v1/namespaces/default/pods/web-1/attach');
    pty.write('echo attached-$((1+1))\r');
    await eventually(async () => out.includes('attached-2'), `the attached shell's output (got ${JSON.stringify(out.slice(-200))})`);
    pty.write('exit 4\r');
    expect(await exited).toBe(4);
  });

  test('kubectl exec without a terminal passes the command’s exit code back', async () => {
    const done = await kubectl(['exec', 'web-1', '--', 'sh', '-c', 'echo from-the-pod; exit 3']);
    expect(done.stdout).toContain('from-the-pod');
    expect(done.code).toBe(3);
  });

  test('kubectl exec -it is a session: listed while it runs, joinable, recorded, and played back', async () => {
    const pty = spawnPty('kubectl', ['--kubeconfig', path.join(home, 'kubeconfig'), 'exec', '-it', 'web-1', '--', 'sh'], { cols: 100, rows: 30, env: { ...process.env, HOME: home, PS1: '$ ' } });
    let out = '';
    pty.onData((d) => (out += d));
    const exited = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
    const session = await eventually(async () => {
      const res = await admin.get(compilePath(apiPaths.sessions, { clusterId: 'localhost' }));
      return (res.body.sessions as { kind: string; id: string; kubernetes_cluster_name?: string; login: string }[]).find((s) => s.kind === 'k8s');
    }, 'the k8s session among active sessions');
    expect(session).toMatchObject({ kubernetes_cluster_name: 'dev-cluster', login: 'alice-k8s' });
    const watcher = await gw.signIn({ roles: ['kube-watcher'] });
    const observer = await TerminalClient.open(gw, watcher, { server_id: session.id, login: 'alice-k8s', sid: session.id, mode: 'observer', term: { w: 100, h: 30 } });
    await eventually(async () => observer.controls.find((c) => c.type === 'session'), 'the observer joined');
    pty.write('echo $((6*7))\r');
    await eventually(async () => /\b42\b/.test(out), `42 in kubectl's output (got ${JSON.stringify(out.slice(-200))})`);
    await observer.waitFor(/\b42\b/);
    observer.type('echo typed-by-the-observer\r');
    pty.write('exit\r');
    expect(await exited).toBe(0);

    const end = await eventually(async () => (await eventsWithCode(gw, sessionEndCode)).find((e) => e.sid === session.id), 'the session end event');
    expect(end).toMatchObject({ kubernetes_cluster: 'dev-cluster', kubernetes_pod_name: 'web-1', kubernetes_pod_namespace: 'default', session_recording: 'on', exit_code: 0 });
    const base = `/v1/webapi/sites/localhost/sessions/${session.id}/recording`;
    const summary = await eventually(async () => {
      const res = await admin.get(base);
      return res.body.complete ? res.body : undefined;
    }, 'the finished recording');
    const stream = await fetch(`${gw.url}${base}/stream?offset=0&bytes=${summary.bytes}`, { headers: { authorization: `Bearer ${admin.session!.token}`, cookie: admin.cookieHeader() } });
    const recorded = await stream.text();
    expect(recorded).toMatch(/echo \$\(\(6\*7\)\)\r\n42\r\n/);
    // An observer watches: what it types never reaches the pod.
    expect(recorded).not.toContain('typed-by-the-observer');
    const row = (await admin.get('/v1/webapi/sites/localhost/events/search/sessions')).body.events.find((e: { sid: string }) => e.sid === session.id);
    expect(makeRecording(row)).toMatchObject({ recordingType: 'k8s', playable: true, hostname: 'dev-cluster' });
  });

  test('the console opens a terminal on a pod, as the Kubernetes user the roles grant', async () => {
    const url = kubeExecSocketUrl(gw.url, {
      clusterId: 'localhost',
      kubeCluster: 'dev-cluster',
      accessToken: admin.session!.token,
      params: { namespace: 'default', pod: 'web-1', command: ['sh'], term: { w: 80, h: 24 } },
    });
    const { pathname, search } = new URL(url);
    const terminal = await TerminalClient.connect(gw, admin, pathname + search);
    terminal.type('echo console-$((2+3))\r');
    await terminal.waitFor(/console-5/);
    terminal.type('exit\r');
    await terminal.closed;
    expect(terminal.controls).toContainEqual({ type: 'close', reason: 'shell exited', exitCode: 0 });
    const exec = await standIn.waitFor((r) => r.path === '/api/v1/namespaces/default/pods/web-1/exec' && r.query.command === 'sh');
    expect(exec).toMatchObject({ impersonateUser: 'alice-k8s', impersonateGroups: ['devs', 'viewers'] });
  });

  test('a lock ends a running terminal on a pod and refuses kubectl', async () => {
    const locked = await gw.signIn({ roles: ['kube-dev'] });
    const where = await kubeLogin(locked);
    const url = new URL(
      kubeExecSocketUrl(gw.url, { clusterId: 'localhost', kubeCluster: 'dev-cluster', accessToken: locked.session!.token, params: { namespace: 'default', pod: 'web-1', command: ['sh'], term: { w: 80, h: 24 } } }),
    );
    const terminal = await TerminalClient.connect(gw, locked, url.pathname + url.search);
    terminal.type('echo before-the-lock\r');
    await terminal.waitFor(/before-the-lock\r\n/);
    try {
      await createLock(admin, { targets: { user: locked.name }, message: 'under investigation' });
      await terminal.closed;
      expect(terminal.errors().join('\n')).toContain('under investigation');
      const refused = await kubectl(['get', 'pods'], where);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('under investigation');
    } finally {
      await removeAllLocks(admin);
    }
  });
});
