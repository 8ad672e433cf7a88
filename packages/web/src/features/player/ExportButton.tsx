import { downloadRecordingExport } from '@portcullis/console-kit';
import { Alert, Button } from '@portcullis/design';
import { gateway } from '../../client';
import { useAttempt } from '../../useAttempt';

/** Downloads the recording as asciicast v2 with the gateway's signed manifest. */
export function ExportButton({ clusterId, sid }: { clusterId: string; sid: string }) {
  const { busy, error, run } = useAttempt();
  return (
    <>
      <Button kind="border" loading={busy} onClick={() => void run(() => downloadRecordingExport({ clusterId, sid }, gateway))}>
        Export
      </Button>
      {error ? <Alert>{error}</Alert> : null}
    </>
  );
}
