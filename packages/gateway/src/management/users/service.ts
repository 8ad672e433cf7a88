import { badRequest, conflict, notFound } from '../../platform/access/errors';
import { recordEvent } from '../audit/record';
import { emptyTraits, type User } from '../../platform/storage/repos/users';
import type { UserToken } from '../../platform/storage/repos/tokens';
import type { Store } from '../../platform/storage/store';
import type { UserInput } from './schemas';
import { hashToken, inviteTtlMs, liveUserToken, newTokenValue, resetTtlMs } from './tokens';

export const linkInvalid = 'this invite or reset link is invalid or has expired';

/** An invite or reset token with its plaintext value, which is stored only hashed. */
export interface UserTokenValue {
  username: string;
  value: string;
  expiresAt: number;
}

/** Local users and their invite and reset tokens (setting and changing passwords is PasswordService's). */
export class UserService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  list(): Promise<User[]> {
    return this.store.users.list();
  }

  async get(name: string): Promise<User> {
    const user = await this.store.users.get(name);
    if (!user) throw notFound(`user ${name} not found`);
    return user;
  }

  private async checkRoles(store: Store, roles: string[]): Promise<void> {
    const known = new Set((await store.roles.getMany(roles)).map((r) => r.metadata.name));
    const missing = roles.filter((r) => !known.has(r));
    if (missing.length) throw badRequest(`roles: no such role ${missing.join(', ')}`);
  }

  async create(actor: string, input: UserInput): Promise<User> {
    return this.store.transaction(async (tx) => {
      if (await tx.users.get(input.name)) throw conflict(`user ${input.name} already exists`);
      await this.checkRoles(tx, input.roles);
      const user: User = {
        name: input.name,
        roles: [...new Set(input.roles)],
        traits: { ...emptyTraits(), ...input.traits },
        authType: 'local',
        passwordHash: null,
        failedLogins: 0,
        lockedUntil: null,
        createdAt: this.now(),
      };
      await tx.users.create(user);
      await recordEvent(tx, 'USER_CREATE', { user: actor, name: user.name, roles: user.roles }, user.createdAt);
      return user;
    });
  }

  async update(actor: string, input: UserInput): Promise<User> {
    return this.store.transaction(async (tx) => {
      const existing = await tx.users.get(input.name);
      if (!existing) throw notFound(`user ${input.name} not found`);
      await this.checkRoles(tx, input.roles);
      const roles = [...new Set(input.roles)];
      const traits = { ...existing.traits, ...input.traits };
      await tx.users.update(input.name, { roles, traits });
      await recordEvent(tx, 'USER_UPDATE', { user: actor, name: input.name, roles }, this.now());
      return { ...existing, roles, traits };
    });
  }

  async remove(actor: string, name: string): Promise<void> {
    if (actor === name) throw badRequest('you cannot delete your own user');
    await this.store.transaction(async (tx) => {
      if (!(await tx.users.delete(name))) throw notFound(`user ${name} not found`);
      await recordEvent(tx, 'USER_DELETE', { user: actor, name }, this.now());
    });
  }

  /**
   * Creates an invite (first password) or reset token, replacing any earlier one. A reset also removes the
   * current password and signs the user out everywhere, as the link is now the only way back in.
   */
  async createToken(actor: string, username: string, kind: 'invite' | 'reset', store: Store = this.store): Promise<UserTokenValue> {
    const now = this.now();
    const value = newTokenValue();
    const expiresAt = now + (kind === 'invite' ? inviteTtlMs : resetTtlMs);
    await store.transaction(async (tx) => {
      if (!(await tx.users.get(username))) throw notFound(`user ${username} not found`);
      await tx.userTokens.deleteForUser(username);
      await tx.userTokens.create({ idHash: hashToken(value), username, kind, expiresAt, createdAt: now });
      if (kind === 'reset') {
        await tx.users.update(username, { passwordHash: null });
        await tx.webSessions.deleteForUser(username);
      }
      await recordEvent(tx, 'RESET_PASSWORD_TOKEN_CREATED', { user: actor, name: username, token_type: kind, ttl: `${(expiresAt - now) / 1000}s` }, now);
    });
    return { username, value, expiresAt };
  }

  /** The live invite or reset token of `value`. */
  async liveToken(value: string): Promise<UserToken> {
    const token = await liveUserToken(this.store, value, ['invite', 'reset'], this.now());
    if (!token) throw notFound(linkInvalid);
    return token;
  }

  async tokenInfo(value: string): Promise<UserTokenValue> {
    const token = await this.liveToken(value);
    return { username: token.username, value, expiresAt: token.expiresAt };
  }
}
