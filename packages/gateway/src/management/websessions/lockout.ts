/** After this many failed logins in a row the account is locked. */
export const maxFailedLogins = 5;
/** How long a lockout lasts. */
export const lockoutMs = 30 * 60_000;
