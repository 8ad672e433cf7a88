import { mfaResponseMessage } from '@portcullis/shared';
import { z } from 'zod';

export const headlessLoginBody = z.object({ user: z.string().min(1, 'user (who signs in) is required').max(256) }).strict();

export const headlessParams = z.object({ requestId: z.uuid('requestId must be the id the command line printed') });

/** Approve with the answer to a 'headless' challenge (a code or an assertion, as the terminal's answer carries them), or deny. */
export const headlessDecisionBody = z.discriminatedUnion(
  'action',
  [z.object({ action: z.literal('accept'), mfaResponse: mfaResponseMessage.omit({ type: true }).strict() }).strict(), z.object({ action: z.literal('denied') }).strict()],
  { error: 'action must be "accept" (with mfaResponse) or "denied"' },
);

export const headlessSessionBody = z.object({ secret: z.string().min(1, 'secret (from the headless login request) is required').max(256) }).strict();
