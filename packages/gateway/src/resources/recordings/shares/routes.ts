import { apiPaths, compilePath, webRoutes, type RecordingSharesJson } from '@portcullis/shared';
import { AddressThrottle } from '../../../platform/access/addressThrottle';
import { notFound, tooManyRequests } from '../../../platform/access/errors';
import type { RouteContext } from '../../../platform/access/route';
import type { Gateway } from '../../../platform/server/context';
import { playbackRoutes, recordingParams, requireRecording, withReader } from '../routes';
import type { RecordingStore } from '../store';
import { presentShare, presentShared, shareRange } from './presenter';
import { createShareBody, shareParams, sharedParams } from './schemas';
import { ShareStore } from './store';

/** One answer for unknown, expired and revoked links alike, so a guessed token learns nothing. */
export const invalidShare = 'this share link is not valid: it may have expired or been revoked';

/**
 * Invalid links one address may try per minute. Each is a lookup and an audit event on a public route; past this,
 * guessing is answered at once and not audited, so a flood of guesses cannot grow the audit log.
 */
const refusalsPerMinute = 20;

const sharedAccess = { public: 'a share link: the token in the path is the credential, and it plays only its recording, within its range' };

/**
 * Share links: people who may change recordings make, list and revoke them; anyone holding one plays that
 * recording (or the range it names) signed out, until it expires or is revoked. A link grants nothing else: no
 * session, no cookie.
 */
export function shareRoutes(gw: Gateway, recordings: RecordingStore) {
  const shares = new ShareStore(gw.store, gw.now);
  const refusals = new AddressThrottle(refusalsPerMinute, 60_000, gw.now);
  const access = { resource: 'session', verb: 'update' } as const;

  gw.route('GET', apiPaths.recordingShares, {
    access,
    params: recordingParams,
    handler: async ({ params }) => {
      await requireRecording(recordings, params.sid);
      return { shares: (await shares.list(params.sid)).map(presentShare) } satisfies RecordingSharesJson;
    },
  });

  gw.route('POST', apiPaths.recordingShares, {
    access,
    params: recordingParams,
    body: createShareBody,
    handler: async ({ params, body, identity }) => {
      await requireRecording(recordings, params.sid);
      const { row, token } = await shares.create(identity!.user.name, params.sid, { expiresInMs: body.expiresIn, fromMs: body.fromMs, toMs: body.toMs });
      return { ...presentShare(row), token, url: `${gw.publicUrl()}${compilePath(webRoutes.sharedRecording, { token })}` };
    },
  });

  gw.route('DELETE', apiPaths.recordingShare, {
    access,
    params: shareParams,
    handler: async ({ params, identity }) => presentShare(await shares.revoke(identity!.user.name, params.sid, params.shareId)),
  });

  const open = async ({ params, req }: Pick<RouteContext<unknown, unknown, { token: string }>, 'params' | 'req'>) => {
    const wait = refusals.waitFor(req.ip);
    if (wait > 0) throw tooManyRequests(`too many share links that were not valid came from this address; try again in ${Math.ceil(wait / 1000)} s`);
    const found = await shares.find(params.token);
    if (typeof found === 'string') {
      refusals.failed(req.ip);
      await shares.refused(found, req.ip);
      throw notFound(invalidShare);
    }
    return found;
  };

  gw.route('GET', apiPaths.sharedRecording, {
    access: sharedAccess,
    params: sharedParams,
    handler: async (ctx) => {
      const share = await open(ctx);
      return withReader(recordings, share.sid, async (r) => presentShared(share, r.meta.clusterName));
    },
  });

  playbackRoutes(gw, recordings, {
    paths: { summary: apiPaths.sharedRecordingSummary, events: apiPaths.sharedRecordingEvents, seek: apiPaths.sharedRecordingSeek, stream: apiPaths.sharedRecordingStream },
    access: sharedAccess,
    params: sharedParams,
    resolve: async (caller) => {
      const share = await open(caller);
      return { sid: share.sid, range: shareRange(share), share };
    },
    viewed: ({ req }, { share }) => shares.countView(share, req.ip),
  });
}
