import type { Socket } from 'node:net';
import type { X509Certificate } from 'node:crypto';
import type { SecureContext } from 'node:tls';
import { recordEvent } from '../../../management/audit/record';
import { sessionMfaRequired } from '../../core/sessionMfa';
import { directProtocols } from '../certificates/directProtocols';
import { certificateIdentity, webSessionEnded } from '../certificates/identity';
import { verifyClientCertificate } from '../certificates/verify';
import { databaseAuditFields } from '../kind';
import { protocols } from '../protocols';
import type { DatabaseProtocol } from '../protocols/protocol';
import type { DatabaseRecord } from '../repo';
import { chooseDatabase } from '../session/choose';
import { serveDatabaseSession, type DatabaseSessionDeps } from '../session/pipeline';
import { openTls } from './tlsOpening';

/** What a session opened with a certificate says when the certificate runs out. */
export const certificateExpired = 'your database certificate expired: run portcullis db login again';

/** How long a client has to finish its TLS handshake. */
const handshakeTimeoutMs = 30_000;

/** What a client without TLS, or without a certificate this gateway issued, is told to do, in its protocol's terms. */
const howToConnect: Record<DatabaseProtocol, string> = {
  postgres: 'connect with sslmode=verify-full and the certificate from portcullis db login (sslcert, sslkey, sslrootcert)',
  redis: 'connect with redis-cli --tls and the certificate from portcullis db login (--cert, --key, --cacert)',
  mysql: 'use portcullis db connect',
};

/**
 * One connection to the database listener: TLS with a client certificate from this gateway's database CA, the
 * web session it was signed under still in force, its user read again and its roles as they are now, then the
 * same session as the websocket path's (serveDatabaseSession), so the same checks, audit and recording apply,
 * ending when that web session does. Every refusal is audited and reaches the client as its protocol's error.
 */
export async function admitListenerConnection(deps: DatabaseSessionDeps, tls: { context: SecureContext; ca: X509Certificate }, socket: Socket): Promise<void> {
  const { gw } = deps;
  socket.on('error', () => undefined); // a client that vanishes is handled by 'close'
  const remoteAddr = socket.remoteAddress ?? '';
  const silent = setTimeout(() => socket.destroy(), handshakeTimeoutMs);
  const opening = await openTls(socket, tls.context).finally(() => clearTimeout(silent));
  if (opening.kind === 'closed') return void socket.destroy();
  const client = opening.kind === 'tls' ? opening.socket : socket;
  const refuse = async (reason: string, who: { user?: string; database?: string; db?: DatabaseRecord }) => {
    const named = who.db ? databaseAuditFields(who.db, '', '') : { db_service: who.database ?? '' };
    await recordEvent(gw.store, 'DATABASE_SESSION_STARTED_FAILURE', { user: who.user ?? '', ...named, error: reason, 'addr.remote': remoteAddr });
    client.end(protocols[opening.wire].server.refusal(reason));
    // What the client sent meanwhile is read and dropped, so its side can end and close.
    client.resume();
  };
  if (opening.kind === 'clear') return refuse(`this port takes only TLS with a client certificate: ${howToConnect[opening.wire]}`, {});

  const claims = verifyClientCertificate(opening.socket.getPeerX509Certificate(), tls.ca, gw.now(), howToConnect[opening.wire]);
  if (typeof claims === 'string') return refuse(claims, {});
  const identity = await certificateIdentity(gw, claims);
  if (typeof identity === 'string') return refuse(identity, claims);
  const choice = await chooseDatabase(deps.databases, identity, claims.database, gw.now());
  if ('refused' in choice) return refuse(choice.refused, claims);
  const { db } = choice;
  if (!directProtocols.has(db.protocol)) return refuse(`database ${db.name} speaks ${db.protocol}, which this port does not serve: ${howToConnect[db.protocol]}`, { ...claims, db });
  if (db.protocol !== opening.wire) return refuse(`the certificate is for database ${db.name}, which speaks ${db.protocol}, not ${opening.wire}`, { ...claims, db });
  if (sessionMfaRequired(identity)) return refuse(`access to database ${db.name} denied: your roles require a second factor for every session, which a certificate cannot carry: use portcullis db connect ${db.name}`, { ...claims, db });
  await serveDatabaseSession(deps, {
    identity,
    db,
    client: opening.socket,
    defaults: {},
    remoteAddr,
    credential: { webSession: { username: claims.user, loginTime: claims.signedInAt }, expiresAt: claims.expiresAt, expired: certificateExpired, ended: webSessionEnded },
  });
}
