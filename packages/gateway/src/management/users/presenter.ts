import type { ResetTokenJson, SetPasswordJson, UserJson } from '@portcullis/shared';
import type { User } from '../../platform/storage/repos/users';
import type { UserTokenValue } from './service';

/** A user as the console reads it; the console derives isLocal and the label from authType. */
export function presentUser(user: User) {
  return { name: user.name, roles: [...user.roles].sort(), authType: user.authType, traits: user.traits } satisfies UserJson;
}

/** An invite or reset token: answered to its creator, and to the invite and reset pages that hold its value. */
export function presentResetToken(token: UserTokenValue) {
  return { user: token.username, tokenId: token.value, expiry: new Date(token.expiresAt).toISOString() } satisfies ResetTokenJson;
}

/** The answer to setting a password with a token: the recovery codes issued with it (at `at`), shown this once. */
export const presentPasswordSet = (codes: string[], at: number) =>
  ({ recovery: { codes, createdDate: codes.length ? new Date(at).toISOString() : null }, privateKeyPolicyEnabled: false }) satisfies SetPasswordJson;
