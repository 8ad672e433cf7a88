import {
  apiPaths,
  compilePath,
  type CreatedRecordingShareJson,
  type CreateRecordingShareRequest,
  type RecordingShareJson,
  type RecordingSharesJson,
} from '@portcullis/shared';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../client';
import { useAttempt } from '../../useAttempt';

/** A recording's share links: the list, making one (whose link is shown only then) and revoking one. */
export function useRecordingShares(clusterId: string, sid: string) {
  const [shares, setShares] = useState<RecordingShareJson[]>([]);
  const [created, setCreated] = useState<CreatedRecordingShareJson | null>(null);
  const { busy, error, run } = useAttempt();
  const path = compilePath(apiPaths.recordingShares, { clusterId, sid });

  // The gateway answers the list as { shares }; shared has no type for that envelope yet.
  const list = useCallback(async () => setShares((await api.get<RecordingSharesJson>(path)).shares), [path]);
  useEffect(() => void run(list), [run, list]);

  return {
    shares,
    created,
    busy,
    error,
    create: (request: CreateRecordingShareRequest) =>
      run(async () => {
        setCreated(await api.post<CreatedRecordingShareJson>(path, request));
        // Listed afresh rather than from the answer, which carries the secret the list must not keep.
        await list();
      }),
    revoke: (id: string) =>
      run(async () => {
        const revoked = await api.delete<RecordingShareJson>(compilePath(apiPaths.recordingShare, { clusterId, sid, shareId: id }));
        setShares((all) => all.map((s) => (s.id === id ? revoked : s)));
      }),
  };
}
