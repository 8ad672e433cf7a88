import { once } from 'node:events';
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { kubeApiForwarder } from './apiForwarder';
import type { KubeApiAccess } from './kubeconfig';

const portOf = (server: Server) => (server.address() as AddressInfo).port;

const listening = async (server: Server) => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
};

const closed = async (server: Server) => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
};

/** A plain-HTTP stand-in for the API server: it records what reaches it and answers with a header of its own. */
async function startUpstream() {
  const seen: { url: string; headers: IncomingHttpHeaders; groups: string[] | undefined }[] = [];
  const server = await listening(
    createServer((req, res) => {
      seen.push({ url: req.url!, headers: req.headers, groups: req.headersDistinct['impersonate-group'] });
      res.writeHead(200, { 'content-type': 'application/json', 'x-api-server': 'stand-in', 'keep-alive': 'timeout=5' });
      res.end('{"kind":"PodList"}');
    }),
  );
  return { server, seen, url: `http://127.0.0.1:${portOf(server)}` };
}

/** Sends one request and reads the whole answer. */
async function send(port: number, path: string, headers: OutgoingHttpHeaders) {
  const req = request({ host: '127.0.0.1', port, path, headers, agent: false });
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() };
}

const agentAccess = (server: string): KubeApiAccess => ({ server: new URL(server), verifyServer: true, token: () => 'agent-token' });

describe("the agent's forwarder to a cluster's API server", () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  const forwarders: Server[] = [];
  const logged: string[] = [];
  const forwarder = async (access: KubeApiAccess) => {
    const server = await listening(kubeApiForwarder(access, (line) => logged.push(line)));
    forwarders.push(server);
    return portOf(server);
  };

  beforeEach(async () => {
    upstream = await startUpstream();
    logged.length = 0;
  });
  afterEach(async () => {
    await Promise.all([...forwarders.splice(0).map(closed), closed(upstream.server)]);
  });

  it('refuses a request the gateway did not say whom to impersonate for, without reaching the API server', async () => {
    const port = await forwarder(agentAccess(upstream.url));
    const res = await send(port, '/api/v1/pods', { authorization: 'Bearer caller' });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toBe('application/json');
    expect(JSON.parse(res.body)).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'the agent forwards only requests the gateway has authorised (Impersonate-User is missing)',
      reason: 'Forbidden',
      code: 403,
    });
    expect(upstream.seen).toEqual([]);
  });

  it("sends the agent's token, never the caller's, with each group its own line and no hop-by-hop headers", async () => {
    const port = await forwarder(agentAccess(upstream.url));
    const res = await send(port, '/api/v1/namespaces/default/pods?limit=500', {
      authorization: 'Bearer caller',
      'impersonate-user': 'alice-k8s',
      'impersonate-group': ['devs', 'viewers'],
      'keep-alive': 'timeout=30',
      'proxy-authorization': 'Basic cHJveHk6cHc=',
      te: 'trailers',
      accept: 'application/json',
    });
    expect(res).toMatchObject({ status: 200, body: '{"kind":"PodList"}' });
    expect(res.headers['x-api-server']).toBe('stand-in');
    expect(res.headers['keep-alive']).toBeUndefined();
    expect(upstream.seen).toHaveLength(1);
    const [seen] = upstream.seen;
    expect(seen!.url).toBe('/api/v1/namespaces/default/pods?limit=500');
    expect(seen!.headers.authorization).toBe('Bearer agent-token');
    expect(seen!.headers['impersonate-user']).toBe('alice-k8s');
    expect(seen!.groups).toEqual(['devs', 'viewers']);
    expect(seen!.headers.host).toBe(`127.0.0.1:${portOf(upstream.server)}`);
    expect(seen!.headers.accept).toBe('application/json');
    expect([seen!.headers['keep-alive'], seen!.headers['proxy-authorization'], seen!.headers.te]).toEqual([undefined, undefined, undefined]);
  });

  it("drops the caller's credentials even when the agent has no token of its own", async () => {
    const port = await forwarder({ server: new URL(upstream.url), verifyServer: true });
    await send(port, '/version', { authorization: 'Bearer caller', 'impersonate-user': 'alice-k8s' });
    expect(upstream.seen.map((s) => s.headers.authorization)).toEqual([undefined]);
  });

  it("puts the API server's own path prefix before the request's path", async () => {
    const port = await forwarder(agentAccess(`${upstream.url}/k8s/clusters/a/`));
    await send(port, '/api/v1/pods?watch=true', { 'impersonate-user': 'alice-k8s' });
    expect(upstream.seen.map((s) => s.url)).toEqual(['/k8s/clusters/a/api/v1/pods?watch=true']);
  });

  it('answers 502 with a Status naming the API server the agent cannot reach', async () => {
    const gone = await listening(createServer());
    const address = `127.0.0.1:${portOf(gone)}`;
    await closed(gone);
    const port = await forwarder(agentAccess(`http://${address}`));
    const res = await send(port, '/api', { 'impersonate-user': 'alice-k8s' });
    expect(res.status).toBe(502);
    expect(JSON.parse(res.body)).toMatchObject({ message: `the agent cannot reach the Kubernetes API server: connect ECONNREFUSED ${address}`, reason: 'BadGateway', code: 502 });
    expect(logged).toEqual([`Kubernetes API ${address}: connect ECONNREFUSED ${address}`]);
  });

  it('relays an upgraded connection both ways with the same credentials, and refuses one without Impersonate-User', async () => {
    const sockets = new WebSocketServer({ server: upstream.server });
    const upgraded: IncomingHttpHeaders[] = [];
    sockets.on('connection', (ws, req) => {
      upgraded.push(req.headers);
      ws.send('from the API server');
      ws.on('message', (data) => ws.send(`echo ${String(data)}`));
    });
    const port = await forwarder(agentAccess(upstream.url));
    const url = `ws://127.0.0.1:${port}/api/v1/namespaces/default/pods/web-1/exec?command=sh&stdin=true`;

    const refused = await send(port, new URL(url).pathname, { connection: 'Upgrade', upgrade: 'websocket', authorization: 'Bearer caller' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ message: 'the agent forwards only requests the gateway has authorised (Impersonate-User is missing)', code: 403 });
    expect(upgraded).toEqual([]);

    const ws = new WebSocket(url, ['v5.channel.k8s.io'], { headers: { authorization: 'Bearer caller', 'impersonate-user': 'alice-k8s', 'impersonate-group': 'devs' } });
    const received: string[] = [];
    ws.on('message', (data) => received.push(String(data)));
    await once(ws, 'open');
    expect(ws.protocol).toBe('v5.channel.k8s.io');
    ws.send('ls');
    while (received.length < 2) await once(ws, 'message');
    expect(received).toEqual(['from the API server', 'echo ls']);
    expect(upgraded).toHaveLength(1);
    expect([upgraded[0]!.authorization, upgraded[0]!['impersonate-user'], upgraded[0]!['impersonate-group']]).toEqual(['Bearer agent-token', 'alice-k8s', 'devs']);
    ws.close();
    await once(ws, 'close');
    sockets.close();
  });
});
