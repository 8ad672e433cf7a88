import { ApiError, type DaemonLoginErrorJson, type DaemonLoginRequest } from '@portcullis/shared';
import { z } from 'zod';
import { passwordLogin, type AskSecret } from '../client/login';
import type { Profile } from '../client/profile';

export const loginRequestSchema = z.object({
  proxy: z.url({ protocol: /^https?$/ }),
  user: z.string().min(1),
  password: z.string().min(1),
  otpCode: z.string().min(1).optional(),
}) satisfies z.ZodType<DaemonLoginRequest>;

/** A sign-in the daemon refuses, with the answer the UI gets. */
export class LoginRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: DaemonLoginErrorJson,
  ) {
    super(body.error.message);
  }
}

/**
 * The command line's password sign-in, answered from the UI's request instead of a terminal. The gateway asks for
 * a code only after the password checked out, so `needsOtp` tells the UI the password was right.
 */
export async function daemonLogin(request: DaemonLoginRequest): Promise<Profile> {
  const ask: AskSecret = async (_question, secret) => {
    if (secret === 'password') return request.password;
    if (request.otpCode) return request.otpCode;
    throw new LoginRefused(400, { error: { message: 'enter the code from your authenticator app' }, needsOtp: true });
  };
  try {
    return (await passwordLogin(request.proxy, request.user, ask)).profile;
  } catch (err) {
    if (err instanceof LoginRefused) throw err;
    // The daemon's own 401 means "open the launch link", so the gateway's refusal of a password is a 400 here.
    if (err instanceof ApiError && err.status < 500) throw new LoginRefused(err.status === 401 ? 400 : err.status, { error: { message: err.message } });
    if (err instanceof ApiError) throw new LoginRefused(502, { error: { message: `the gateway failed: ${err.message}` } });
    // What passwordLogin says itself: an address that is no gateway, a user who signs in with a security key.
    throw new LoginRefused(400, { error: { message: (err as Error).message } });
  }
}
