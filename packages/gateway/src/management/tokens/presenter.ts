import type { JoinTokenJson } from '@portcullis/shared';
import type { JoinToken } from './service';

/** A join token as the console reads it; the id is the token's value only in the answer that creates it. */
export function presentToken(token: JoinToken, id = token.id) {
  return {
    id,
    expiry: new Date(token.expiresAt).toISOString(),
    suggestedLabels: Object.entries(token.suggestedLabels).map(([name, value]) => ({ name, value })),
  } satisfies JoinTokenJson;
}
