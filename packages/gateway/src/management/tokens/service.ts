import { randomBytes, randomUUID } from 'node:crypto';
import { INTERNAL_RESOURCE_ID_LABEL } from '@portcullis/shared';
import { recordEvent } from '../audit/record';
import type { JoinTokenRow } from './tables';
import { hashSecret } from '../websessions/secrets';
import type { Store } from '../../platform/storage/store';
import { defaultJoinTokenTtlMs, type CreateTokenBody } from './schemas';

export interface JoinToken {
  /** A short, non-secret id: a prefix of the token's hash (the value is shown only once). */
  id: string;
  roles: string[];
  joinMethod: string;
  suggestedLabels: Record<string, string>;
  expiresAt: number;
  createdBy: string;
}

/** The id under which a token is listed and audited: never its value. */
export const joinTokenId = (value: string): string => hashSecret(value).slice(0, 12);

const toToken = (row: JoinTokenRow): JoinToken => ({
  id: row.id_hash.slice(0, 12),
  roles: JSON.parse(row.roles) as string[],
  joinMethod: row.join_method,
  suggestedLabels: JSON.parse(row.suggested_labels) as Record<string, string>,
  expiresAt: Number(row.expires_at),
  createdBy: row.created_by,
});

/** Join tokens: created by an admin, used by agents (Node) or leaf clusters (Trusted_cluster) to join once; they then hold their own identity. */
export class JoinTokenService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  private db(store = this.store) {
    return store.db;
  }

  /** Creates a token and its audit event together; the returned value is the only copy of the secret. */
  async create(user: string, body: CreateTokenBody): Promise<{ value: string; token: JoinToken }> {
    const now = this.now();
    const value = randomBytes(16).toString('hex');
    const flatten = (labels: Record<string, string | string[]> | undefined) =>
      Object.fromEntries(Object.entries(labels ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
    const suggestedLabels = {
      ...flatten(body.suggested_agent_matcher_labels),
      ...flatten(body.suggested_labels),
      // Lets the console recognise the node this token enrols when it appears in the list.
      [INTERNAL_RESOURCE_ID_LABEL]: randomUUID(),
    };
    const token: JoinToken = {
      id: joinTokenId(value),
      roles: body.roles,
      joinMethod: body.join_method,
      suggestedLabels,
      expiresAt: now + (body.expires_in ?? defaultJoinTokenTtlMs),
      createdBy: user,
    };
    await this.store.transaction(async (tx) => {
      await this.db(tx)
        .insertInto('join_tokens')
        .values({
          id_hash: hashSecret(value),
          roles: JSON.stringify(token.roles),
          join_method: token.joinMethod,
          suggested_labels: JSON.stringify(suggestedLabels),
          expires_at: token.expiresAt,
          created_by: user,
          created_at: now,
        })
        .execute();
      await recordEvent(tx, 'JOIN_TOKEN_CREATED', { user, roles: token.roles.join(','), join_method: token.joinMethod, name: token.id }, now);
      if (token.roles.includes('Trusted_cluster')) await recordEvent(tx, 'TRUSTED_CLUSTER_TOKEN_CREATED', { user, name: token.id }, now);
    });
    return { value, token };
  }

  /** The token a value names, if it exists and has not expired. */
  async find(value: string): Promise<JoinToken | undefined> {
    const row = await this.db().selectFrom('join_tokens').selectAll().where('id_hash', '=', hashSecret(value)).executeTakeFirst();
    return row && Number(row.expires_at) > this.now() ? toToken(row) : undefined;
  }

  async list(): Promise<JoinToken[]> {
    const rows = await this.db().selectFrom('join_tokens').selectAll().where('expires_at', '>', this.now()).orderBy('expires_at').execute();
    return rows.map(toToken);
  }

  async remove(user: string, id: string): Promise<boolean> {
    return this.store.transaction(async (tx) => {
      const result = await this.db(tx).deleteFrom('join_tokens').where('id_hash', 'like', `${id}%`).executeTakeFirst();
      const removed = Number(result.numDeletedRows) > 0;
      if (removed) await recordEvent(tx, 'JOIN_TOKEN_DELETED', { user, name: id }, this.now());
      return removed;
    });
  }
}
