import { recordingShareDefaultTtl, recordingShareMaxTtlMs } from '@portcullis/shared';
import { z } from 'zod';
import { durationField } from '../../../platform/config/duration';
import { recordingParams } from '../routes';

const moment = z.number().int('must be a whole number of milliseconds').min(0, 'must not be negative');

/** POST recordingShares (shared's CreateRecordingShareRequest); expiresIn becomes milliseconds. */
export const createShareBody = z
  .object({
    expiresIn: durationField
      .prefault(recordingShareDefaultTtl)
      .refine((ms) => ms > 0, 'must be longer than nothing')
      .refine((ms) => ms <= recordingShareMaxTtlMs, `a share link may live at most ${recordingShareMaxTtlMs / 86_400_000} days`),
    fromMs: moment.optional(),
    toMs: moment.optional(),
  })
  .strict()
  .refine((b) => b.fromMs === undefined || b.toMs === undefined || b.fromMs < b.toMs, { message: 'must come after fromMs', path: ['toMs'] });

export const shareParams = recordingParams.extend({ shareId: z.string().min(1).max(64) });

export const sharedParams = z.object({ token: z.string().min(1).max(128) }).strict();
