import { signInKey } from '../../../management/websessions/signIns';
import type { Identity } from '../../../platform/access/identity';
import type { Gateway } from '../../../platform/server/context';
import type { DatabaseCertificateClaims } from './authority';

/** Why a certificate whose web session has ended opens nothing more, and why its open sessions end. */
export const webSessionEnded = 'the web session your database certificate was signed under has ended (signed out or expired): run portcullis login, then portcullis db login again';

/**
 * Who a verified client certificate's holder is now: refused once the web session it was signed under has ended
 * (signed out, deleted with its user, expired or idle) — "sign out" ends the access that session granted — then
 * the user read again (a deleted user is refused), their current roles with the access requests the certificate
 * carries (those expired since count no more). The certificate stands in for that web session, so a session
 * opened with it ends when it expires.
 */
export async function certificateIdentity(gw: Gateway, claims: DatabaseCertificateClaims): Promise<Identity | string> {
  const signIn = { username: claims.user, loginTime: claims.signedInAt };
  if (!(await gw.webSessions.signInsInForce([signIn])).has(signInKey(signIn))) return webSessionEnded;
  const user = await gw.store.users.get(claims.user);
  if (!user) return `user ${claims.user} no longer exists`;
  const roles = await gw.webSessions.roleSet(user, claims.accessRequestIds);
  return {
    user,
    roles,
    session: {
      idHash: `database-certificate:${claims.serial}`,
      username: user.name,
      loginTime: claims.issuedAt,
      createdAt: claims.issuedAt,
      expiresAt: claims.expiresAt,
      lastActive: gw.now(),
      mfaVerified: false,
      accessRequestIds: claims.accessRequestIds,
    },
  };
}
