import { recordingSearchMaxChars, recordingSearchMinChars, recordingSearchPageSize } from '@portcullis/shared';
import { z } from 'zod';
import type { SearchKey } from './repo';

/** The opaque startKey of search pages: the sort key of the last hit served, base64url-encoded. */
export function encodeSearchKey(key: SearchKey): string {
  return Buffer.from(`${key.startedAt}.${key.t}.${key.id}.${key.sid}`).toString('base64url');
}

export function decodeSearchKey(cursor: string): SearchKey | undefined {
  const m = /^(\d{1,16})\.(\d{1,16})\.(\d{1,16})\.([A-Za-z0-9-]{1,64})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? { startedAt: Number(m[1]), t: Number(m[2]), id: Number(m[3]), sid: m[4]! } : undefined;
}

export const recordingSearchQuery = z
  .object({
    query: z
      .string({ message: `is required: the text to find, ${recordingSearchMinChars} to ${recordingSearchMaxChars} characters` })
      .min(recordingSearchMinChars, `must be at least ${recordingSearchMinChars} characters: shorter text matches nearly every line`)
      .max(recordingSearchMaxChars, `must be at most ${recordingSearchMaxChars} characters`),
    limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(recordingSearchPageSize, `must be at most ${recordingSearchPageSize}`).default(recordingSearchPageSize),
    startKey: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        const key = decodeSearchKey(value);
        if (!key) {
          ctx.addIssue({ code: 'custom', message: 'is not a start key this server returned' });
          return z.NEVER;
        }
        return key;
      }),
  })
  .strict();
