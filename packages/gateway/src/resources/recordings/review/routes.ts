import { apiPaths } from '@portcullis/shared';
import type { Gateway } from '../../../platform/server/context';
import { recordingParams, requireRecording } from '../routes';
import type { RecordingStore } from '../store';
import { addCommentBody, updateReviewBody } from './schemas';
import { ReviewStore } from './store';

/** A recording's review: anyone who may read it sees the review and comments; changing status or reviewer takes `update`. */
export function reviewRoutes(gw: Gateway, recordings: RecordingStore) {
  const reviews = new ReviewStore(gw.store, gw.now);

  gw.route('GET', apiPaths.recordingReview, {
    access: { resource: 'session', verb: 'read' },
    params: recordingParams,
    handler: async ({ params }) => {
      await requireRecording(recordings, params.sid);
      return reviews.get(params.sid);
    },
  });

  gw.route('PUT', apiPaths.recordingReview, {
    access: { resource: 'session', verb: 'update' },
    params: recordingParams,
    body: updateReviewBody,
    handler: async ({ params, body, identity }) => {
      await requireRecording(recordings, params.sid);
      return reviews.update(identity!.user.name, params.sid, body);
    },
  });

  gw.route('POST', apiPaths.recordingReviewComments, {
    access: { resource: 'session', verb: 'read' },
    params: recordingParams,
    body: addCommentBody,
    handler: async ({ params, body, identity }) => {
      await requireRecording(recordings, params.sid);
      return reviews.comment(identity!.user.name, params.sid, body);
    },
  });
}
