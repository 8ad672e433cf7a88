import type { PlayerState } from '@portcullis/console-kit';
import { Alert, Button, Flex, Indicator } from '@portcullis/design';
import { atom, useAtomValue } from 'jotai';
import { unwrap } from 'jotai/utils';
import { useState } from 'react';
import { userContextAtom } from '../../session/userContext';
import { usersAtom } from '../users/usersAtoms';
import { ExportButton } from './ExportButton';
import { ReviewPanel } from './ReviewPanel';
import { ShareDialog } from './ShareDialog';
import { useRecordingReview } from './useRecordingReview';
import { useRecordingShares } from './useRecordingShares';

/** The users a reviewer is picked from, for a user who may list them; else (or if listing fails) a name is typed. */
const reviewerNamesAtom = atom(async (get) => {
  if (!(await get(userContextAtom)).acl.users.list) return undefined;
  try {
    return (await get(usersAtom)).map((u) => u.name);
  } catch {
    return undefined;
  }
});
// Read without suspending: the panel shows at once and the picker replaces the name field when the list arrives.
const reviewerNamesNow = unwrap(reviewerNamesAtom, () => undefined);

export interface RecordingSidePanelProps {
  clusterId: string;
  sid: string;
  player: PlayerState;
  onSeek(ms: number): void;
}

/** Beside an SSH recording: share and export it, and review it, each as the user's rights allow. */
export function RecordingSidePanel({ clusterId, sid, player, onSeek }: RecordingSidePanelProps) {
  const { acl } = useAtomValue(userContextAtom);
  const names = useAtomValue(reviewerNamesNow);
  const review = useRecordingReview(clusterId, sid);
  const [sharing, setSharing] = useState(false);
  return (
    <Flex as="aside" aria-label="Recording" flexDirection="column" gap={3} width={360} p={3} bg="levels.surface" borderLeft="1px solid" borderColor="border" overflow="auto">
      <Flex gap={2} flexWrap="wrap">
        {acl.recordedSessions.edit ? (
          <Button kind="border" onClick={() => setSharing(true)}>
            Share
          </Button>
        ) : null}
        {acl.recordedSessions.read ? <ExportButton clusterId={clusterId} sid={sid} /> : null}
      </Flex>
      {review.review ? (
        <ReviewPanel
          review={review.review}
          canEdit={acl.recordedSessions.edit}
          users={names}
          position={player.position}
          busy={review.busy}
          error={review.error}
          onUpdate={(change) => void review.update(change)}
          onComment={review.comment}
          onSeek={onSeek}
        />
      ) : review.error ? (
        <Alert>{review.error}</Alert>
      ) : (
        <Indicator />
      )}
      {sharing ? <Sharing clusterId={clusterId} sid={sid} player={player} onClose={() => setSharing(false)} /> : null}
    </Flex>
  );
}

function Sharing({ clusterId, sid, player, onClose }: Omit<RecordingSidePanelProps, 'onSeek'> & { onClose(): void }) {
  const shares = useRecordingShares(clusterId, sid);
  return (
    <ShareDialog
      onClose={onClose}
      position={player.position}
      duration={player.duration}
      shares={shares.shares}
      created={shares.created}
      busy={shares.busy}
      error={shares.error}
      onCreate={(request) => void shares.create(request)}
      onRevoke={(id) => void shares.revoke(id)}
    />
  );
}
