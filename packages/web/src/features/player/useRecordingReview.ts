import {
  apiPaths,
  compilePath,
  type RecordingReviewJson,
  type UpdateRecordingReviewRequest,
} from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { api } from '../../client';
import { useAttempt } from '../../useAttempt';

/** A recording's review as the gateway keeps it: read once, then replaced by the answer to each change. */
export function useRecordingReview(clusterId: string, sid: string) {
  const [review, setReview] = useState<RecordingReviewJson | null>(null);
  const { busy, error, run } = useAttempt();
  const path = compilePath(apiPaths.recordingReview, { clusterId, sid });
  const commentsPath = compilePath(apiPaths.recordingReviewComments, { clusterId, sid });

  useEffect(() => {
    void run(async () => setReview(await api.get<RecordingReviewJson>(path)));
  }, [run, path]);

  return {
    review,
    busy,
    error,
    update: (change: UpdateRecordingReviewRequest) =>
      run(async () => setReview(await api.put<RecordingReviewJson>(path, change))),
    comment: async (t: number, text: string) => {
      let saved = false;
      await run(async () => {
        setReview(await api.post<RecordingReviewJson>(commentsPath, { t: Math.round(t), text }));
        saved = true;
      });
      return saved;
    },
  };
}
