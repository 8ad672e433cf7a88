import { badRequest, conflict, forbidden, notFound } from '../../platform/access/errors';
import { recordEvent } from '../audit/record';
import type { PasswordHasher } from '../../platform/passwords/password';
import { emptyTraits, type User } from '../../platform/storage/repos/users';
import type { UserTokenKind } from '../../platform/storage/repos/tokens';
import type { Store } from '../../platform/storage/store';
import type { UserInput } from './schemas';
import { hashToken, inviteTtlMs, newTokenValue, resetTtlMs, tokenAuditId } from './tokens';

/** An invite or reset token with its plaintext value, which is stored only hashed. */
export interface UserTokenValue {
  username: string;
  value: string;
  expiresAt: number;
}

/** Local users, their invite and reset tokens, and their passwords. */
export class UserService {
  constructor(
    private readonly store: Store,
    private readonly hasher: PasswordHasher,
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
  async createToken(actor: string, username: string, kind: UserTokenKind): Promise<UserTokenValue> {
    const now = this.now();
    const value = newTokenValue();
    const expiresAt = now + (kind === 'invite' ? inviteTtlMs : resetTtlMs);
    await this.store.transaction(async (tx) => {
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

  private async liveToken(value: string) {
    const token = await this.store.userTokens.get(hashToken(value));
    if (!token || token.expiresAt <= this.now()) throw notFound('this invite or reset link is invalid or has expired');
    return token;
  }

  async tokenInfo(value: string): Promise<UserTokenValue> {
    const token = await this.liveToken(value);
    return { username: token.username, value, expiresAt: token.expiresAt };
  }

  /** Sets a password with an invite or reset token, which is then spent. Returns the user's name. */
  async setPasswordWithToken(value: string, password: string): Promise<string> {
    const token = await this.liveToken(value);
    const passwordHash = await this.hasher.hash(password);
    const now = this.now();
    await this.store.transaction(async (tx) => {
      // Spending the token inside the transaction means two concurrent uses cannot both succeed.
      const still = await tx.userTokens.get(token.idHash);
      if (!still) throw notFound('this invite or reset link is invalid or has expired');
      await tx.userTokens.delete(token.idHash);
      await tx.users.update(token.username, { passwordHash, failedLogins: 0, lockedUntil: null });
      await tx.webSessions.deleteForUser(token.username);
      await recordEvent(tx, 'INVITE_TOKEN_USED', { user: token.username, name: token.username, token_id: tokenAuditId(value), token_type: token.kind }, now);
      await recordEvent(tx, 'USER_PASSWORD_CHANGED', { user: token.username }, now);
    });
    return token.username;
  }

  /** Changes a signed-in user's password after checking the old one. */
  async changePassword(user: User, oldPassword: string, newPassword: string): Promise<void> {
    const ok = user.passwordHash ? await this.hasher.verify(user.passwordHash, oldPassword) : false;
    if (!ok) {
      await recordEvent(this.store, 'USER_PASSWORD_CHANGE_FAILURE', { user: user.name, error: 'the old password is wrong' }, this.now());
      throw forbidden('the old password is wrong');
    }
    const passwordHash = await this.hasher.hash(newPassword);
    await this.store.transaction(async (tx) => {
      await tx.users.update(user.name, { passwordHash });
      await recordEvent(tx, 'USER_PASSWORD_CHANGED', { user: user.name }, this.now());
    });
  }
}
