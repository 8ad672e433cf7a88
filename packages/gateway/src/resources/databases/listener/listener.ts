import { X509Certificate } from 'node:crypto';
import net from 'node:net';
import { createSecureContext } from 'node:tls';
import { parseListen } from '../../../platform/config/config';
import type { DatabaseCertificateAuthority } from '../certificates/authority';
import type { DatabaseSessionDeps } from '../session/pipeline';
import { admitListenerConnection } from './admit';

export interface DatabaseListener {
  /** HOST:PORT as clients reach it: the public URL's host, the port bound. */
  addr: string;
  close(): Promise<void>;
}

const wildcards = new Set(['0.0.0.0', '::']);

/**
 * The gateway's database listener (config `databases.listen`): clients reach it directly, with a client
 * certificate from `portcullis db login`, instead of through a local `portcullis proxy db` and a websocket. Its
 * own certificate is issued by the same CA at each start, for the public URL's host and the loopback names.
 */
export async function startDatabaseListener(deps: DatabaseSessionDeps, authority: DatabaseCertificateAuthority, listen: string, publicUrl: string): Promise<DatabaseListener> {
  const { host, port } = parseListen(listen);
  const publicHost = new URL(publicUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  const own = await authority.issueServer([publicHost, ...(wildcards.has(host) ? [] : [host]), 'localhost', '127.0.0.1', '::1'], deps.gw.now());
  const tls = { context: createSecureContext({ cert: own.cert, key: own.key, ca: authority.pem }), ca: new X509Certificate(authority.pem) };
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    void admitListenerConnection(deps, tls, socket).catch((err: Error) => {
      deps.log.error({ err: err.message }, 'a database listener connection failed');
      socket.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`the database listener cannot listen on ${listen}: ${err.message} (set databases.listen to a free HOST:PORT)`)));
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as net.AddressInfo).port;
  return {
    addr: `${publicHost.includes(':') ? `[${publicHost}]` : publicHost}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        open.forEach((socket) => socket.destroy());
      }),
  };
}
