import type { Identity } from '../../../platform/access/identity';
import type { Gateway } from '../../../platform/server/context';
import type { DatabaseCertificateClaims } from './authority';

/**
 * Who a verified client certificate's holder is now: the user read again (a deleted user is refused), their
 * current roles with the access requests the certificate carries (those expired since count no more). The
 * certificate stands in for the web session it was asked with, so a session opened with it ends when it expires.
 */
export async function certificateIdentity(gw: Gateway, claims: DatabaseCertificateClaims): Promise<Identity | string> {
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
