import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

/** What every authenticator app understands: 6 digits, 30-second steps, HMAC-SHA-1 (RFC 6238's defaults). */
const digits = 6;
export const totpPeriodMs = 30_000;

const totp = (secret: string, account = '', issuer = '') =>
  new OTPAuth.TOTP({ issuer, label: account, algorithm: 'SHA1', digits, period: totpPeriodMs / 1000, secret: OTPAuth.Secret.fromBase32(secret) });

/** A new shared secret, base32: 160 bits, the HMAC-SHA-1 key size RFC 4226 recommends. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return totp(secret, account, issuer).toString();
}

/** The URI as a QR code: a PNG, base64 without a data: prefix. */
export async function totpQrCode(uri: string): Promise<string> {
  return (await QRCode.toBuffer(uri, { type: 'png', errorCorrectionLevel: 'M' })).toString('base64');
}

export const totpCodeShape = /^\d{6}$/;

export type TotpCheck = { step: number } | { refused: 'wrong' | 'replayed' };

/**
 * Checks `code` against the secret at `now`, accepting the step before and after for clock drift. A code whose
 * step is not after `lastStep` (the device's last accepted one) was used already: a replay.
 */
export function checkTotp(secret: string, code: string, now: number, lastStep: number | null): TotpCheck {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return { refused: 'wrong' };
  const step = Math.floor(now / totpPeriodMs) + delta;
  if (lastStep !== null && step <= lastStep) return { refused: 'replayed' };
  return { step };
}
