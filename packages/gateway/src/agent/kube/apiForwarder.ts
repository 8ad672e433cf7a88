import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { request as httpRequest } from 'node:http';
import type { Duplex } from 'node:stream';
import { requestHeaders, responseHeaders } from '../../platform/http/forward';
import { relayUpgrade, responseHead } from '../../platform/http/upgradeRelay';
import type { KubeApiAccess } from './kubeconfig';
import { kubeStatus } from './status';

/**
 * The agent's end of a cluster's streams: HTTP from the gateway, passed to the API server with the agent's own
 * credentials from the kubeconfig. The gateway has authorised the caller and says whom to impersonate; a request
 * without Impersonate-User is refused, so the agent's credentials are never used as they are.
 */
export function kubeApiForwarder(access: KubeApiAccess, log: (message: string) => void): Server {
  const server = createServer((req, res) => {
    const options = upstreamOptions(access, req, false);
    if (typeof options === 'string') return refuse(res, 403, options);
    const upstream = (access.server.protocol === 'https:' ? httpsRequest : httpRequest)(options, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.rawHeaders));
      answer.pipe(res);
    });
    upstream.on('error', (err) => {
      log(`Kubernetes API ${access.server.host}: ${err.message}`);
      if (!res.headersSent) refuse(res, 502, `the agent cannot reach the Kubernetes API server: ${err.message}`);
      else res.destroy();
    });
    // kubectl going away (logs -f, a watch) ends the API server's side too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const options = upstreamOptions(access, req, true);
    if (typeof options === 'string') return refuseOnSocket(socket, 403, options);
    const upstream = (access.server.protocol === 'https:' ? httpsRequest : httpRequest)(options);
    relayUpgrade(upstream, socket, head, {
      headers: responseHeaders,
      failed: (err) => {
        log(`Kubernetes API ${access.server.host}: ${err.message}`);
        refuseOnSocket(socket, 502, `the agent cannot reach the Kubernetes API server: ${err.message}`);
      },
    });
    upstream.end();
  });
  return server;
}

function upstreamOptions(access: KubeApiAccess, req: IncomingMessage, upgrade: boolean): RequestOptions | string {
  if (!req.headers['impersonate-user']) return 'the agent forwards only requests the gateway has authorised (Impersonate-User is missing)';
  // The gateway's credentials (none: the tunnel is its proof) and Host are the agent's to set.
  const headers = requestHeaders(req, (name) => name === 'host' || name === 'authorization', upgrade);
  const token = access.token?.();
  if (token) headers.authorization = `Bearer ${token}`;
  // The API server's path may carry a prefix of its own (a server URL like https://host/k8s/clusters/a).
  const base = access.server.pathname.replace(/\/+$/, '');
  return {
    protocol: access.server.protocol,
    hostname: access.server.hostname,
    port: access.server.port,
    method: req.method,
    path: base + (req.url ?? '/'),
    headers,
    ...(access.basic && !token && { auth: `${access.basic.username}:${access.basic.password}` }),
    ...(access.ca && { ca: access.ca }),
    ...(access.clientCert && { cert: access.clientCert }),
    ...(access.clientKey && { key: access.clientKey }),
    ...(access.serverName && { servername: access.serverName }),
    rejectUnauthorized: access.verifyServer,
    agent: false,
  };
}

function refuse(res: ServerResponse, code: number, message: string): void {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(kubeStatus(code, message));
}

function refuseOnSocket(socket: Duplex, code: number, message: string): void {
  const body = kubeStatus(code, message);
  socket.end(responseHead(code, undefined, ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body)), 'Connection', 'close']) + body);
}
