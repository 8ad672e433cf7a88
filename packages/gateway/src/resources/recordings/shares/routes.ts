import { apiPaths, compilePath, webRoutes, type RecordingSharesJson } from '@portcullis/shared';
import { notFound } from '../../../platform/access/errors';
import type { RouteContext } from '../../../platform/access/route';
import type { Gateway } from '../../../platform/server/context';
import { playbackRoutes, recordingParams, requireRecording, withReader } from '../routes';
import type { RecordingStore } from '../store';
import { presentShare, presentShared, shareRange } from './presenter';
import { createShareBody, shareParams, sharedParams } from './schemas';
import { ShareStore } from './store';

/** One answer for unknown, expired and revoked links alike, so a guessed token learns nothing. */
export const invalidShare = 'this share link is not valid: it may have expired or been revoked';

const sharedAccess = { public: 'a share link: the token in the path is the credential, and it plays only its recording, within its range' };

/**
 * Share links: people who may change recordings make, list and revoke them; anyone holding one plays that
 * recording (or the range it names) signed out, until it expires or is revoked. A link grants nothing else: no
 * session, no cookie.
 */
export function shareRoutes(gw: Gateway, recordings: RecordingStore) {
  const shares = new ShareStore(gw.store, gw.now);
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
    const found = await shares.find(params.token);
    if (typeof found === 'string') {
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
