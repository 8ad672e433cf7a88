import { createHash } from 'node:crypto';
import type { Store } from '../../platform/storage/store';
import type { SsoRequestRow } from './tables';

/** How long a sign-in may take between leaving for the identity provider and coming back. */
export const requestTtlMs = 10 * 60_000;

/** A sign-in under way: what the callback needs to check the identity provider's answer. */
export interface SsoRequest {
  state: string;
  kind: string;
  connector: string;
  nonce: string;
  codeVerifier: string;
  redirectUrl: string;
  createdAt: number;
  expiresAt: number;
}

const hashState = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');

/**
 * Pending sign-ins, kept in the database so that any gateway sharing it can take the callback. Each is used at
 * most once: taking it deletes it, whether the sign-in then succeeds or not.
 */
export class SsoRequests {
  constructor(private readonly store: Store) {}

  async create(request: SsoRequest): Promise<void> {
    await this.store.transaction(async (tx) => {
      // Sweeping abandoned sign-ins here keeps the table small without a timer.
      await tx.db.deleteFrom('sso_requests').where('expires_at', '<=', request.createdAt).execute();
      await tx.db
        .insertInto('sso_requests')
        .values({
          state_hash: hashState(request.state),
          kind: request.kind,
          connector: request.connector,
          nonce: request.nonce,
          code_verifier: request.codeVerifier,
          redirect_url: request.redirectUrl,
          created_at: request.createdAt,
          expires_at: request.expiresAt,
        })
        .execute();
    });
  }

  /** The request `state` names, left in place (SAML looks its request id up while checking the response, then takes it); undefined when there is none. */
  async peek(kind: string, state: string): Promise<SsoRequest | undefined> {
    const row = await this.store.db.selectFrom('sso_requests').selectAll().where('state_hash', '=', hashState(state)).where('kind', '=', kind).executeTakeFirst();
    return row && fromRow(state, row);
  }

  /** The request `state` names, removed so no one can use it again; undefined when there is none (unknown, tampered or already used). */
  async take(kind: string, state: string): Promise<SsoRequest | undefined> {
    const row = await this.store.db
      .deleteFrom('sso_requests')
      .where('state_hash', '=', hashState(state))
      .where('kind', '=', kind)
      .returningAll()
      .executeTakeFirst();
    return row && fromRow(state, row);
  }
}

function fromRow(state: string, row: SsoRequestRow): SsoRequest {
  return {
    state,
    kind: row.kind,
    connector: row.connector,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    redirectUrl: row.redirect_url,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  };
}
