import * as OTPAuth from 'otpauth';

/** What an authenticator app holding `secret` (base32) shows at `at`: 6 digits, 30-second steps, SHA-1. */
export function totpCode(secret: string, at: number): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}
