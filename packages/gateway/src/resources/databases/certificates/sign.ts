import { apiPaths } from '@portcullis/shared';
import { recordEvent } from '../../../management/audit/record';
import { badRequest, forbidden, notFound } from '../../../platform/access/errors';
import { clusterParams } from '../../../platform/clusters/schemas';
import type { Gateway } from '../../../platform/server/context';
import { sessionMfaRequired } from '../../core/sessionMfa';
import { presentDatabaseCertificate } from '../presenter';
import type { DatabaseRepo } from '../repo';
import { databaseCertificateMaxTtlMs, signDatabaseCertificateBody } from '../schemas';
import { chooseDatabase } from '../session/choose';
import type { DatabaseCertificateAuthority } from './authority';
import { directProtocols } from './directProtocols';

/**
 * A short-lived client certificate for the gateway's database listener, for a database the caller's roles reach,
 * on a key the caller keeps. It names the user, the database and the web session it was signed under (signing
 * out ends what it grants); what the user may do there (db_users, db_names, locks) is decided at each
 * connection, as on the websocket path.
 */
export function signDatabaseCertificateRoute(gw: Gateway, databases: DatabaseRepo, authority: () => Promise<DatabaseCertificateAuthority>, listenAddr: () => string) {
  gw.route('POST', apiPaths.signDatabaseCertificate, {
    access: { resource: 'db', verb: 'read' },
    params: clusterParams,
    body: signDatabaseCertificateBody,
    handler: async ({ identity, body, req }) => {
      const choice = await chooseDatabase(databases, identity!, body.database, gw.now());
      if ('refused' in choice) throw choice.missing ? notFound(choice.refused) : forbidden(choice.refused);
      const { db } = choice;
      if (!directProtocols.has(db.protocol)) throw badRequest(`database ${db.name} speaks ${db.protocol}, which the gateway's database listener does not serve: use portcullis db connect ${db.name}, or portcullis proxy db ${db.name}`);
      // A certificate is a credential for many sessions: it cannot carry a second factor asked for each one.
      if (sessionMfaRequired(identity!)) throw forbidden(`your roles require a second factor for every database session, which a certificate cannot carry: use portcullis db connect ${db.name}, which asks for it`);
      const now = gw.now();
      const expiresAt = Math.min(now + (body.ttl ?? databaseCertificateMaxTtlMs), identity!.session.expiresAt);
      const ca = await authority();
      const certificate = await ca.issueClient(body.publicKey, { user: identity!.user.name, database: db.name, accessRequestIds: identity!.session.accessRequestIds, signedInAt: identity!.session.loginTime, issuedAt: now, expiresAt });
      const expires = new Date(expiresAt).toISOString();
      await recordEvent(gw.store, 'CERTIFICATE_CREATED', { user: identity!.user.name, cert_type: 'db', identity: { user: identity!.user.name, db_service: db.name, expires }, 'addr.remote': req.ip });
      return presentDatabaseCertificate({ certificate, ca: ca.pem, expiresAt, listenAddr: listenAddr() });
    },
  });
}
