import { Alert, Button, CodeEditor, Dialog, Text } from '@portcullis/design';
import { type ReactNode, useState } from 'react';
import { useAttempt } from '../useAttempt';

/**
 * Create or edit a resource (role, auth connector…) as YAML. The server validates it; its refusal, which
 * names the line and the field, is shown above the editor as given, and the dialog stays open to fix it.
 */
export function YamlEditorDialog({
  title,
  label,
  initialContent,
  note,
  onSave,
  onSaved,
  onClose,
}: {
  title: string;
  /** The editor's accessible name, e.g. "Role YAML". */
  label: string;
  initialContent: string;
  /** A line above the editor about what this kind of resource needs (e.g. how secrets are kept). */
  note?: ReactNode;
  /** Sends the YAML; resolves with the resource as the server saved it. */
  onSave: (content: string) => Promise<{ name: string }>;
  onSaved: (name: string) => void;
  onClose: () => void;
}) {
  const [content, setContent] = useState(initialContent);
  const { busy, error, run } = useAttempt();
  const save = async () => {
    await run(async () => {
      const saved = await onSave(content);
      onSaved(saved.name);
    });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      disableBackdropClose
      width="80vw"
      title={title}
      actions={
        <>
          <Button loading={busy} onClick={() => void save()}>
            Save Changes
          </Button>
          <Button kind="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
      {note ? (
        <Text muted mb={2}>
          {note}
        </Text>
      ) : null}
      <CodeEditor language="yaml" label={label} value={content} onChange={setContent} height={400} />
    </Dialog>
  );
}
