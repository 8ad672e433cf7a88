import type { JoinToken } from './service';

/** The join token JSON of the console (spec §3: id, suggestedLabels, expiry; plus roles and join_method). */
export function presentToken(token: JoinToken, id = token.id) {
  return {
    id,
    roles: token.roles,
    join_method: token.joinMethod,
    expiry: new Date(token.expiresAt).toISOString(),
    suggestedLabels: Object.entries(token.suggestedLabels).map(([name, value]) => ({ name, value })),
  };
}
