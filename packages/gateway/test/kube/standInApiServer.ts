import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { stringify } from 'yaml';
import { channelProtocols } from './standInChannels';
import { AttachedShells, serveExec } from './standInExec';
import { PortForwards } from './standInPortForward';
import { apiGroupList, apiVersions, coreResources, podList, podObject, podTable, status, versionInfo } from './standInObjects';
import { makeServingCertificate } from './standInTls';

export interface StandInPod {
  namespace: string;
  name: string;
  containers: string[];
  /** lines `logs` prints first */
  logLines?: string[];
}

export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  impersonateUser?: string;
  impersonateGroups: string[];
  authorization?: string;
  upgrade?: string;
  protocols?: string[];
}

export interface StandInApiServer {
  /** https://127.0.0.1:PORT */
  url: string;
  /** PEM of the CA that signed its serving certificate (for a kubeconfig's certificate-authority-data). */
  caPem: string;
  /** The bearer token it accepts; any other gets 401 with a Status body, as a real API server does. */
  token: string;
  /** Every request it received, in order (including upgrades). */
  seen: SeenRequest[];
  /** Waits until a request matching `pred` has been seen (no sleeps; resolves at once if already seen). */
  waitFor(pred: (r: SeenRequest) => boolean, timeoutMs?: number): Promise<SeenRequest>;
  /** Appends a log line to a pod's log; followers (logs -f) get it at once. */
  appendLog(namespace: string, pod: string, line: string): void;
  /** Writes a kubeconfig file (cluster with CA data, user with the token, one context, current-context set) and returns its path. */
  writeKubeconfig(dir: string, name?: string): string;
  close(): Promise<void>;
}

const notFound = status(404, 'NotFound', 'the server could not find the requested resource');
const podNotFound = (name: string) => ({ ...status(404, 'NotFound', `pods "${name}" not found`), details: { name, kind: 'pods' } });
const invalidContainer = (container: string, pod: StandInPod) => status(400, 'BadRequest', `container ${container} is not valid for pod ${pod.name}`);

/** A pod's subresource path: namespace, pod, then log, exec, attach or portforward when present. */
const podPath = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)(?:\/(log|exec|attach|portforward))?$/;
const podsPath = /^\/api\/v1\/(?:namespaces\/([^/]+)\/)?pods$/;

interface Waiter {
  pred: (r: SeenRequest) => boolean;
  resolve: (r: SeenRequest) => void;
  reject: (err: Error) => void;
}

/** A boolean query parameter as the API server reads one: "true" or "1". */
const flag = (url: URL, name: string) => /^(true|1)$/.test(url.searchParams.get(name) ?? '');

/**
 * A stand-in for a Kubernetes API server, for tests: no Kubernetes API server installs on this machine. It speaks what
 * the real kubectl 1.32 uses for get, logs, exec and attach on pods: HTTPS with a certificate from its own CA, bearer
 * token auth, legacy discovery, Tables, watches, followed logs, the channel websocket protocols (v5, v4) and
 * port-forward's SPDY streams. It is not a cluster: exec and attach run real processes on this machine, as the test's
 * user, in a temporary directory, and port-forward reaches ports on this machine's loopback.
 */
export async function startStandInApiServer(o: { pods: StandInPod[] }): Promise<StandInApiServer> {
  const tls = makeServingCertificate();
  const token = randomBytes(24).toString('base64url');
  const workdir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-kube-standin-'));
  const logs = new Map(o.pods.map((p) => [`${p.namespace}/${p.name}`, [...(p.logLines ?? [])]]));
  const followers = new Map<string, Set<ServerResponse>>();
  const streams = new Set<ServerResponse>();
  const shells = new AttachedShells(workdir);
  const portForwards = new PortForwards();
  const seen: SeenRequest[] = [];
  let waiters: Waiter[] = [];

  const record = (req: IncomingMessage, url: URL): void => {
    const request = seenRequest(req, url);
    seen.push(request);
    waiters.filter((w) => w.pred(request)).forEach((w) => w.resolve(request));
  };
  const findPod = (namespace: string, name: string) => o.pods.find((p) => p.namespace === namespace && p.name === name);

  const serve = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    const pods = podsPath.exec(url.pathname);
    const one = podPath.exec(url.pathname);
    if (url.pathname === '/version') return json(res, 200, versionInfo);
    // kubectl asks for aggregated discovery first; plain application/json tells it to fall back to these legacy forms.
    if (url.pathname === '/api') return json(res, 200, apiVersions);
    if (url.pathname === '/apis') return json(res, 200, apiGroupList);
    if (url.pathname === '/api/v1') return json(res, 200, coreResources);
    if (pods) return listPods(req, res, url, o.pods.filter((p) => pods[1] === undefined || p.namespace === pods[1]));
    if (!one) return json(res, 404, notFound);
    const [, namespace = '', name = '', sub] = one;
    const pod = findPod(namespace, name);
    if (!pod) return json(res, 404, podNotFound(name));
    const container = url.searchParams.get('container');
    if (container && !pod.containers.includes(container)) return json(res, 400, invalidContainer(container, pod));
    if (sub === undefined) return json(res, 200, podObject(pod));
    if (sub === 'log') return serveLog(res, `${namespace}/${name}`, flag(url, 'follow'));
    return json(res, 400, status(400, 'BadRequest', 'Upgrade request required'));
  };

  const listPods = (req: IncomingMessage, res: ServerResponse, url: URL, pods: StandInPod[]): void => {
    const asTable = /as=Table/.test(req.headers.accept ?? '');
    if (!flag(url, 'watch')) return json(res, 200, asTable ? podTable(pods) : podList(pods), asTable);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    // Every watch starts with an ADDED event for each pod, whatever resourceVersion it asks to start from: a real
    // server would skip pods unchanged since that version, so `kubectl get -w` prints each pod twice here.
    for (const pod of pods) res.write(`${JSON.stringify({ type: 'ADDED', object: asTable ? podTable([pod]) : podObject(pod) })}\n`);
    streams.add(res);
    res.on('close', () => streams.delete(res));
  };

  const serveLog = (res: ServerResponse, key: string, follow: boolean): void => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    for (const line of logs.get(key) ?? []) res.write(`${line}\n`);
    if (!follow) return void res.end();
    const set = followers.get(key) ?? new Set();
    followers.set(key, set.add(res));
    streams.add(res);
    res.on('close', () => {
      set.delete(res);
      streams.delete(res);
    });
  };

  const sockets = new WebSocketServer({ noServer: true, handleProtocols: (offered) => channelProtocols.find((p) => offered.has(p)) ?? false });
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void => {
    const one = podPath.exec(url.pathname);
    if (!one || (one[3] !== 'exec' && one[3] !== 'attach' && one[3] !== 'portforward')) return refuse(socket, 404, notFound);
    const pod = findPod(one[1]!, one[2]!);
    if (!pod) return refuse(socket, 404, podNotFound(one[2]!));
    if (one[3] === 'portforward') {
      const refusal = portForwards.accept(req, socket, head);
      return refusal ? refuse(socket, 400, status(400, 'BadRequest', refusal)) : undefined;
    }
    const container = url.searchParams.get('container') ?? pod.containers[0]!;
    if (!pod.containers.includes(container)) return refuse(socket, 400, invalidContainer(container, pod));
    sockets.handleUpgrade(req, socket, head, (ws) => {
      if (one[3] === 'attach') return shells.attach(ws, `${pod.namespace}/${pod.name}/${container}`);
      serveExec(ws, { command: url.searchParams.getAll('command'), stdin: flag(url, 'stdin'), tty: flag(url, 'tty'), cwd: workdir });
    });
  };

  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${token}`;
  const unauthorized = status(401, 'Unauthorized', 'Unauthorized');
  const server: Server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://stand-in');
    record(req, url);
    if (!authorized(req)) return json(res, 401, unauthorized);
    if (req.method !== 'GET') return json(res, 405, status(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`));
    serve(req, res, url);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'https://stand-in');
    record(req, url);
    if (!authorized(req)) return refuse(socket, 401, unauthorized);
    upgrade(req, socket, head, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    caPem: tls.caPem,
    token,
    seen,
    waitFor: (pred, timeoutMs = 15_000) => {
      const already = seen.find(pred);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => waiter.reject(new Error(`the stand-in API server saw no matching request within ${timeoutMs} ms`)), timeoutMs);
        const settle = () => {
          clearTimeout(timer);
          waiters = waiters.filter((w) => w !== waiter);
        };
        const waiter: Waiter = {
          pred,
          resolve: (r) => {
            settle();
            resolve(r);
          },
          reject: (err) => {
            settle();
            reject(err);
          },
        };
        waiters.push(waiter);
      });
    },
    appendLog: (namespace, pod, line) => {
      const key = `${namespace}/${pod}`;
      const lines = logs.get(key);
      if (!lines) throw new Error(`the stand-in API server has no pod ${key}`);
      lines.push(line);
      followers.get(key)?.forEach((res) => res.write(`${line}\n`));
    },
    writeKubeconfig: (dir, name = 'stand-in') => {
      const file = path.join(dir, `${name}.kubeconfig`);
      const config = {
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name, cluster: { server: url, 'certificate-authority-data': Buffer.from(tls.caPem).toString('base64') } }],
        users: [{ name, user: { token } }],
        contexts: [{ name, context: { cluster: name, user: name, namespace: 'default' } }],
        'current-context': name,
      };
      writeFileSync(file, stringify(config), { mode: 0o600 });
      return file;
    },
    close: async () => {
      waiters.forEach((w) => w.reject(new Error('the stand-in API server closed')));
      streams.forEach((res) => res.end());
      sockets.clients.forEach((ws) => ws.terminate());
      shells.closeAll();
      portForwards.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(workdir, { recursive: true, force: true });
    },
  };
}

function seenRequest(req: IncomingMessage, url: URL): SeenRequest {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  const protocols = req.headers['sec-websocket-protocol']?.split(',').map((p) => p.trim());
  return {
    method: req.method ?? 'GET',
    path: url.pathname,
    query,
    impersonateUser: req.headers['impersonate-user'] as string | undefined,
    // Each group comes as its own Impersonate-Group header; headersDistinct keeps them apart.
    impersonateGroups: req.headersDistinct['impersonate-group'] ?? [],
    authorization: req.headers.authorization,
    upgrade: req.headers.upgrade,
    protocols,
  };
}

function json(res: ServerResponse, code: number, body: unknown, asTable = false): void {
  res.writeHead(code, { 'Content-Type': asTable ? 'application/json;as=Table;v=v1;g=meta.k8s.io' : 'application/json' });
  res.end(JSON.stringify(body));
}

/** Refuses an upgrade with a Status body, as the API server answers any failed request. */
function refuse(socket: Duplex, code: number, body: unknown): void {
  const text = JSON.stringify(body);
  const reason = code === 401 ? 'Unauthorized' : code === 404 ? 'Not Found' : 'Bad Request';
  socket.end(`HTTP/1.1 ${code} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
}
