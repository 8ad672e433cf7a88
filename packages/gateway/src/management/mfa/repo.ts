import type { MfaDeviceType } from '@portcullis/shared';
import type { Store } from '../../platform/storage/store';
import type { MfaChallengeRow, MfaDeviceRow } from './tables';

export interface MfaDevice {
  id: string;
  username: string;
  name: string;
  type: MfaDeviceType;
  totpSecret: string | null;
  totpLastStep: number | null;
  credentialId: string | null;
  publicKey: string | null;
  signCount: number;
  transports: string[];
  /** A discoverable credential (a passkey). */
  residentKey: boolean;
  addedAt: number;
  lastUsed: number;
}

export type MfaChallenge = MfaChallengeRow;

const fromRow = (r: MfaDeviceRow): MfaDevice => ({
  id: r.id,
  username: r.username,
  name: r.name,
  type: r.type as MfaDeviceType,
  totpSecret: r.totp_secret,
  totpLastStep: r.totp_last_step === null ? null : Number(r.totp_last_step),
  credentialId: r.credential_id,
  publicKey: r.public_key,
  signCount: Number(r.sign_count),
  transports: JSON.parse(r.transports) as string[],
  residentKey: r.resident_key === 1,
  addedAt: Number(r.added_at),
  lastUsed: Number(r.last_used),
});

const toRow = (d: MfaDevice): MfaDeviceRow => ({
  id: d.id,
  username: d.username,
  name: d.name,
  type: d.type,
  totp_secret: d.totpSecret,
  totp_last_step: d.totpLastStep,
  credential_id: d.credentialId,
  public_key: d.publicKey,
  sign_count: d.signCount,
  transports: JSON.stringify(d.transports),
  resident_key: d.residentKey ? 1 : 0,
  added_at: d.addedAt,
  last_used: d.lastUsed,
});

const numbers = (c: MfaChallengeRow): MfaChallenge => ({ ...c, expires_at: Number(c.expires_at), created_at: Number(c.created_at) });

/**
 * Second-factor devices, pending challenges and recovery codes. Whatever must happen at most once (a TOTP
 * step, a signature counter, a challenge, a recovery code) is decided by the database in one conditional
 * statement, so two concurrent requests cannot both use it.
 */
export function mfaRepo(store: Store) {
  return {
    async devices(username: string, tx: Store = store): Promise<MfaDevice[]> {
      const rows = await tx.db.selectFrom('mfa_devices').selectAll().where('username', '=', username).orderBy('added_at').orderBy('name').execute();
      return rows.map(fromRow);
    },

    async device(username: string, name: string, tx: Store = store): Promise<MfaDevice | undefined> {
      const row = await tx.db.selectFrom('mfa_devices').selectAll().where('username', '=', username).where('name', '=', name).executeTakeFirst();
      return row && fromRow(row);
    },

    async deviceByCredential(credentialId: string): Promise<MfaDevice | undefined> {
      const row = await store.db.selectFrom('mfa_devices').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
      return row && fromRow(row);
    },

    async addDevice(device: MfaDevice, tx: Store = store): Promise<void> {
      await tx.db.insertInto('mfa_devices').values(toRow(device)).execute();
    },

    async deleteDevice(username: string, name: string, tx: Store = store): Promise<boolean> {
      const r = await tx.db.deleteFrom('mfa_devices').where('username', '=', username).where('name', '=', name).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Removes every device of a user and answers what was removed. */
    async deleteDevices(username: string, tx: Store = store): Promise<MfaDevice[]> {
      return (await tx.db.deleteFrom('mfa_devices').where('username', '=', username).returningAll().execute()).map(fromRow);
    },

    /** Accepts TOTP time step `step` only if it comes after the last one accepted; false means it was used already. */
    async useTotpStep(id: string, step: number, now: number): Promise<boolean> {
      const r = await store.db
        .updateTable('mfa_devices')
        .set({ totp_last_step: step, last_used: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /**
     * Accepts signature counter `counter` only if it moved forward (or both it and the stored one are 0, as keys
     * that keep no counter send); false means it did not.
     */
    async useSignCount(id: string, counter: number, now: number): Promise<boolean> {
      const r = await store.db
        .updateTable('mfa_devices')
        .set({ sign_count: counter, last_used: now })
        .where('id', '=', id)
        .where((eb) => (counter === 0 ? eb('sign_count', '=', 0) : eb('sign_count', '<', counter)))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Stores a challenge, sweeping away expired ones so the table holds only live challenges. */
    async putChallenge(challenge: MfaChallenge, tx: Store = store): Promise<void> {
      await tx.db.deleteFrom('mfa_challenges').where('expires_at', '<=', challenge.created_at).execute();
      await tx.db.insertInto('mfa_challenges').values(challenge).execute();
    },

    /** Removes a challenge and answers it, once: a second caller (a replay, a race) gets nothing. */
    async takeChallenge(challenge: string, tx: Store = store): Promise<MfaChallenge | undefined> {
      const row = await tx.db.deleteFrom('mfa_challenges').where('challenge', '=', challenge).returningAll().executeTakeFirst();
      return row && numbers(row);
    },

    /** The registration pending on an invite, reset or privilege token (by the token's hash). */
    async pendingRegistration(tokenHash: string): Promise<MfaChallenge | undefined> {
      const row = await store.db.selectFrom('mfa_challenges').selectAll().where('token_hash', '=', tokenHash).where('scope', '=', 'register').executeTakeFirst();
      return row && numbers(row);
    },

    /** Drops the registration pending on a token, before another one is issued on it. */
    async dropRegistration(tokenHash: string, tx: Store = store): Promise<void> {
      await tx.db.deleteFrom('mfa_challenges').where('token_hash', '=', tokenHash).where('scope', '=', 'register').execute();
    },

    /** Replaces a user's recovery codes (hashed) with a new set. */
    async replaceRecoveryCodes(username: string, codeHashes: string[], now: number, tx: Store = store): Promise<void> {
      await tx.db.deleteFrom('recovery_codes').where('username', '=', username).execute();
      if (codeHashes.length) {
        await tx.db
          .insertInto('recovery_codes')
          .values(codeHashes.map((code_hash) => ({ username, code_hash, created_at: now, used_at: null })))
          .execute();
      }
    },

    /** Spends a recovery code; false when it is not one of the user's or was spent already. */
    async useRecoveryCode(username: string, codeHash: string, now: number, tx: Store = store): Promise<boolean> {
      const r = await tx.db
        .updateTable('recovery_codes')
        .set({ used_at: now })
        .where('username', '=', username)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}

export type MfaRepo = ReturnType<typeof mfaRepo>;
