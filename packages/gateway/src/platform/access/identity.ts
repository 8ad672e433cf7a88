import type { RoleSet } from '../../management/roles/roleset';
import type { WebSession } from '../storage/repos/webSessions';
import type { User } from '../storage/repos/users';

/** Who is calling: the signed-in user, their web session and their roles with traits expanded. */
export interface Identity {
  user: User;
  session: WebSession;
  roles: RoleSet;
  /** Set when a lock in force covers this identity: the message `authorize` refuses every guarded route with. */
  lockedBecause?: string;
  /**
   * Set for a root cluster's user whose roles map to no role here (the trusted cluster's role_map): `authorize`
   * refuses every guarded route with this message.
   */
  unmappedBecause?: string;
  /** Set for a root cluster's user on a leaf (the root's name): their web session is kept by the root, not here. */
  fromCluster?: string;
}
