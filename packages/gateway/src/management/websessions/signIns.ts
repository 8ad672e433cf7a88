/**
 * A web session as its renewals carry it on: the user and when they signed in. A renewal (the console's timer,
 * assuming an access request, switching back) replaces the session row but keeps this, so what a session opened
 * — a terminal, a database certificate — outlives renewals and ends with signing out.
 */
export interface SignIn {
  username: string;
  loginTime: number;
}

/** One string per sign-in, for sets and maps. */
export const signInKey = (s: SignIn): string => `${s.loginTime}:${s.username}`;
