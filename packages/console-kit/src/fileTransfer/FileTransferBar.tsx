import { Alert, Box, Button, Dialog, Field, FieldInput, FileInput, Flex, ProgressBar, Text } from '@portcullis/design';
import { type FormEvent, useState } from 'react';
import type { GatewayAccess } from '../gateway';
import type { AskSecondFactor } from '../mfa/SecondFactorPrompt';
import type { FileTransferSpec } from '../terminal/TerminalEngine';
import type { TransferApprovals } from './transferApprovals';
import { type ApprovedTransfer, downloadFile, type TransferTarget, uploadFile } from './transferFile';
import { transferMfaAnswer } from './transferMfa';
import { progressText, type TransferState, useTransfer } from './useTransfer';

export type FileTransferBarProps = TransferTarget & {
  /** The node's name as people know it (its hostname), for the dialogs' titles; its id until it is known. */
  nodeName?: string;
  /** Whose session the transfers run in. */
  gateway: GatewayAccess;
  /** Hands a downloaded file to the browser; tests capture it instead. */
  saveFile?: (blob: Blob, name: string) => void;
  /**
   * Asks the user for a second factor, for nodes and logins whose roles want one per session; without it the
   * bar does not check, and the gateway's refusal is shown.
   */
  askSecondFactor?: AskSecondFactor;
  /** Set when the terminal's session is moderated: each transfer first waits for a moderator's approval. */
  moderation?: Moderation;
};

/** The moderated session transfers run in, and where its moderators are asked. */
export interface Moderation {
  sessionId: string;
  approvals: TransferApprovals;
}

type Mode = 'upload' | 'download' | null;

/** Upload and download buttons for the active terminal's node and login, through the gateway's scp route. */
export function FileTransferBar({ gateway, saveFile = saveWithBrowser, nodeName, askSecondFactor, moderation, ...target }: FileTransferBarProps) {
  const where = `${target.login}@${nodeName ?? target.serverId}`;
  const [mode, setMode] = useState<Mode>(null);
  const transfer = useTransfer();
  const close = () => {
    transfer.cancel();
    setMode(null);
  };
  return (
    // A group of buttons rather than a bar of its own: the terminal's page header holds it, beside the session's facts.
    <Flex role="group" aria-label="File transfer" alignItems="center" gap={1}>
      <Button kind="border" size="small" onClick={() => setMode('upload')}>
        Upload files
      </Button>
      <Button kind="border" size="small" onClick={() => setMode('download')}>
        Download a file
      </Button>
      <Dialog open={mode === 'upload'} onClose={close} title={`Upload to ${where}`} disableBackdropClose>
        <UploadForm target={target} gateway={gateway} transfer={transfer} askSecondFactor={askSecondFactor} moderation={moderation} />
      </Dialog>
      <Dialog open={mode === 'download'} onClose={close} title={`Download from ${where}`} disableBackdropClose>
        <DownloadForm target={target} gateway={gateway} transfer={transfer} saveFile={saveFile} askSecondFactor={askSecondFactor} moderation={moderation} />
      </Dialog>
    </Flex>
  );
}

type Transfer = ReturnType<typeof useTransfer>;

interface FormProps {
  target: TransferTarget;
  gateway: GatewayAccess;
  transfer: Transfer;
  askSecondFactor?: AskSecondFactor;
  moderation?: Moderation;
}

type RunOptions = Parameters<Parameters<Transfer['run']>[0]>[0];

/**
 * A moderator's approval of this transfer when the session is moderated (undefined otherwise): the bar shows it
 * waiting meanwhile, and a denial ends the transfer with the moderator's answer.
 */
async function approvalFor({ moderation }: FormProps, spec: FileTransferSpec, options: RunOptions): Promise<ApprovedTransfer | undefined> {
  if (!moderation) return undefined;
  options.onWaiting();
  const requestId = await moderation.approvals.approval(spec, options.signal);
  options.onProgress({ loaded: 0 });
  return { sessionId: moderation.sessionId, requestId };
}

const busy = (state: TransferState) => state.status === 'running' || state.status === 'waiting';

/** The second factor one transfer needs, if any, asked for just before it starts. */
const mfaFor = ({ target, gateway, askSecondFactor }: FormProps) =>
  askSecondFactor ? transferMfaAnswer(target, gateway.api, askSecondFactor) : undefined;

function UploadForm(props: FormProps) {
  const { target, gateway, transfer } = props;
  const [directory, setDirectory] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [uploaded, setUploaded] = useState<string[]>([]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setUploaded([]);
    for (const file of files) {
      const ok = await transfer.run(async (options) => {
        const approved = await approvalFor(props, { download: false, location: directory, filename: file.name }, options);
        const asking = mfaFor(props);
        const mfaResponse = asking && (await asking);
        await uploadFile(target, directory, file, { ...options, gateway, mfaResponse, approved });
        return true;
      });
      if (!ok) return;
      setUploaded((done) => [...done, file.name]);
    }
  };
  return (
    <form onSubmit={submit}>
      <FieldInput
        label="Target directory"
        value={directory}
        onChange={setDirectory}
        placeholder={homeDirectory(target.login)}
        required
      />
      <Field label="Files">
        {({ id, describedBy }) => (
          <FileInput id={id} aria-describedby={describedBy} multiple onChange={setFiles} />
        )}
      </Field>
      <TransferStatus state={transfer.state} done={uploaded.length ? `Uploaded ${uploaded.join(', ')} to ${directory}` : ''} />
      <Button type="submit" disabled={busy(transfer.state) || !files.length || !directory}>
        Upload
      </Button>
    </form>
  );
}

function DownloadForm({ saveFile, ...props }: FormProps & { saveFile: (blob: Blob, name: string) => void }) {
  const { target, gateway, transfer } = props;
  const [path, setPath] = useState('');
  const [saved, setSaved] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    const blob = await transfer.run(async (options) => {
      const approved = await approvalFor(props, { download: true, location: path }, options);
      const asking = mfaFor(props);
      return downloadFile(target, path, { ...options, gateway, mfaResponse: asking && (await asking), approved });
    });
    if (!blob) return;
    const name = baseName(path);
    saveFile(blob, name);
    setSaved(`Downloaded ${name}`);
  };
  return (
    <form onSubmit={submit}>
      <FieldInput label="File path" value={path} onChange={setPath} placeholder="/var/log/syslog" required />
      <TransferStatus state={transfer.state} done={saved} />
      <Button type="submit" disabled={busy(transfer.state) || !path}>
        Download
      </Button>
    </form>
  );
}

function TransferStatus({ state, done }: { state: TransferState; done: string }) {
  if (state.status === 'running') {
    const { loaded, total } = state.progress;
    return (
      <Box mb={3}>
        {total ? <ProgressBar label="Transfer progress" value={loaded / total} /> : null}
        <Text typography="body3" muted>
          {progressText(state.progress)}
        </Text>
      </Box>
    );
  }
  if (state.status === 'waiting') {
    return (
      <Text typography="body3" muted mb={3}>
        Waiting for a moderator to approve
      </Text>
    );
  }
  if (state.status === 'error') return <Alert kind="danger">{state.message}</Alert>;
  if (state.status === 'done' && done) return <Alert kind="success">{done}</Alert>;
  return null;
}

/** Where the login's files usually live, as a hint for the target directory. */
const homeDirectory = (login: string) => (login === 'root' ? '/root' : `/home/${login}`);

export const baseName = (path: string) => path.replace(/\/+$/, '').split('/').pop() || 'download';

export function saveWithBrowser(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Give the browser a moment to start the download before the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
