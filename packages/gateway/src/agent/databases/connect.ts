import { readFileSync } from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';
import { int32, sslRequestCode } from '../../resources/databases/protocols/postgres/messages';
import type { DatabaseTarget } from '../tunnel/databases';

/**
 * Connects to the database as its URI says, within `timeoutMs`: in the clear, with TLS from the first byte
 * (rediss://), or with PostgreSQL's SSLRequest and then TLS (sslmode=verify-full or verify-ca). MySQL starts its
 * TLS inside the login, after the server's greeting (see startTls). Resolves with the socket to log in over.
 */
export function connectDatabase(target: DatabaseTarget, timeoutMs: number): Promise<net.Socket> {
  const where = `${target.host}:${target.port}`;
  return new Promise((resolve, reject) => {
    // Made first, so a CA file that cannot be read rejects before anything connects.
    const options = target.tls && tlsOptions(target);
    let socket: net.Socket;
    const timer = setTimeout(() => socket.destroy(new Error(`connecting to ${where} timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    };
    const done = () => {
      clearTimeout(timer);
      socket.off('error', fail);
      resolve(socket);
    };
    if (target.tls && target.protocol === 'redis') {
      socket = tls.connect({ ...options, port: target.port });
      return void socket.once('error', fail).once('secureConnect', done);
    }
    socket = net.connect({ host: target.host, port: target.port });
    socket.once('error', fail).once('connect', () => {
      if (!target.tls || target.protocol !== 'postgres') return done();
      const plain = socket;
      plain.write(Buffer.concat([int32(8), int32(sslRequestCode)]));
      const closed = () => fail(new Error('the database closed the connection when asked for TLS'));
      plain.once('end', closed);
      plain.once('data', (answer: Buffer) => {
        plain.off('error', fail).off('end', closed);
        // Bytes after the S were sent before TLS and come from whoever is on the path, not from the server.
        if (answer.length === 1 && answer[0] === 0x53 /* S */) {
          return void startTls(plain, target).then((secured) => {
            socket = secured;
            done();
          }, fail);
        }
        if (answer[0] === 0x4e /* N */) return fail(new Error('the database does not take TLS (its ssl setting is off), and the URI asks for it'));
        fail(new Error(answer[0] === 0x53 ? 'the database sent bytes in the clear after agreeing to TLS' : 'the database did not answer the request for TLS as PostgreSQL does'));
      });
    });
  });
}

/** Turns `plain`, a connection to the database the protocol has asked for TLS on, into TLS, the certificate checked as connectDatabase does. */
export function startTls(plain: net.Socket, target: DatabaseTarget): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const secured = tls.connect({ ...tlsOptions(target), socket: plain });
    secured.once('error', reject).once('secureConnect', () => {
      secured.off('error', reject);
      resolve(secured);
    });
  });
}

/**
 * The certificate must chain to the system's CAs or the URI's CA file, and name the host unless the URI says
 * only the chain is checked. `host` is what it must name even over an existing socket (else 'localhost' is).
 */
function tlsOptions(target: DatabaseTarget): tls.ConnectionOptions {
  const { caFile, checkHost } = target.tls!;
  return {
    host: target.host,
    ...(caFile !== undefined && { ca: readFileSync(caFile) }),
    ...(net.isIP(target.host) ? {} : { servername: target.host }),
    // Only the name goes unchecked: the chain still is (rejectUnauthorized stays on).
    ...(!checkHost && { checkServerIdentity: () => undefined }),
  };
}
