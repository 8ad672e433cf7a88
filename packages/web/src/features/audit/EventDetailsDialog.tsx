import { Button, CodeEditor, Dialog } from '@portcullis/design';
import type { AuditEvent } from '@portcullis/shared';

/** The event as the server stored it, as indented JSON. */
export function EventDetailsDialog({ event, onClose }: { event: AuditEvent; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${event.codeDesc} (${event.code})`}
      width="60vw"
      actions={<Button onClick={onClose}>Close</Button>}
    >
      <CodeEditor language="json" readOnly label="Event JSON" value={JSON.stringify(event.raw, null, 2)} />
    </Dialog>
  );
}
