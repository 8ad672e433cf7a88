import type { Traits, User } from '../../platform/storage/repos/users';
import type { UserTokenKind } from '../../platform/storage/repos/tokens';

/** The user JSON of spec §3. */
export interface UserJson {
  name: string;
  roles: string[];
  authType: 'local';
  isLocal: boolean;
  traits: Traits;
}

export function presentUser(user: User): UserJson {
  return { name: user.name, roles: [...user.roles].sort(), authType: user.authType, isLocal: true, traits: user.traits };
}

/** A reset or invite token as created: its plaintext value is returned this once (spec §3, "Reset token"). */
export interface ResetTokenJson {
  username: string;
  expires: string;
  value: string;
}

export function presentResetToken(username: string, value: string, expiresAt: number): ResetTokenJson {
  return { username, expires: new Date(expiresAt).toISOString(), value };
}

/** What the invite and reset pages learn about a token before the user sets a password. */
export function presentTokenInfo(username: string, tokenId: string, kind: UserTokenKind, expiresAt: number) {
  return { user: username, tokenId, type: kind === 'invite' ? 'invite' : 'password', expiry: new Date(expiresAt).toISOString() };
}
