import {
  type ControlMessage,
  decodeFrame,
  encodeControl,
  type FileTransferDecision,
  type FileTransferRequest,
  outputBatchMs,
  type ParticipantMode,
  resizeDebounceMs,
  type SessionInfo,
  terminalAckEveryBytes,
  terminalWindowBytes,
} from '@portcullis/shared';
import type { AskSecondFactor } from '../mfa/SecondFactorPrompt';
import { debounce, type Debounced } from './debounce';
import { OutputBatcher } from './outputBatcher';

interface Disposable {
  dispose(): void;
}

/** The part of xterm's Terminal the engine drives (a fake stands in for it in tests). */
export interface TerminalSurface {
  readonly cols: number;
  readonly rows: number;
  write(data: Uint8Array | string, done?: () => void): void;
  onData(listener: (data: string) => void): Disposable;
  onResize(listener: (size: { cols: number; rows: number }) => void): Disposable;
}

/** The part of the browser's WebSocket the engine uses. */
export interface TerminalSocket {
  binaryType: BinaryType;
  readonly readyState: number;
  send(data: string | Uint8Array): void;
  close(code?: number): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export type TerminalStatus = 'connecting' | 'connected' | 'closed';

export interface TerminalEngineHandlers {
  onStatus?: (status: TerminalStatus) => void;
  onSession?: (session: SessionInfo) => void;
  onAuditEvent?: (event: Record<string, unknown>) => void;
  /** The session ended; `reason` comes from the gateway's close message, or says the connection dropped. */
  onClose?: (reason: string) => void;
  onError?: (message: string) => void;
  /**
   * The session needs a second factor before it opens (per-session MFA): the app asks the user and resolves
   * with the answer, or rejects, which ends the session. Without it such a session cannot open.
   */
  onMfaChallenge?: AskSecondFactor;
  /** In a moderated session: the owner asked to move a file (the gateway gave the request its id). */
  onFileTransferRequest?: (request: FileTransferRequest) => void;
  /** In a moderated session: a moderator approved or denied a file-transfer request. */
  onFileTransferDecision?: (decision: FileTransferDecision) => void;
}

export interface TerminalEngineOptions extends TerminalEngineHandlers {
  terminal: TerminalSurface;
  socket: TerminalSocket;
  /** The mode this browser joined in; absent for the session's owner. */
  mode?: ParticipantMode;
}

/** What a file transfer moves, as a moderated session's request names it. */
export type FileTransferSpec = Pick<FileTransferRequest, 'download' | 'location' | 'filename'>;

type MfaChallengeMessage = Extract<ControlMessage, { type: 'mfa-challenge' }>;

const OPEN = 1;
/** A flood is drawn about 20 times a second: smooth enough to watch, a third of the cost of every frame. */
const streamIntervalMs = 50;
/** Several screenfuls: output this large per write is streaming, not someone's typing being echoed. */
const streamingBytes = 16 * 1024;
const red = (text: string) => `\r\n\x1b[31m${text}\x1b[0m\r\n`;

/**
 * One terminal session: xterm on one side, the gateway's websocket on the other (protocol in shared's terminal).
 *
 * Keystrokes go out as binary frames at once, never queued behind output, so Ctrl-C is prompt. Output is batched
 * (outputBatchMs, and paced while it streams) into xterm and acknowledged as it arrives while the tab's unparsed
 * backlog is small, else only as xterm parses it; the gateway stops at its window of unacknowledged bytes, so a
 * flood cannot pile up in the tab. Size changes are debounced (resizeDebounceMs).
 */
export class TerminalEngine {
  private readonly encoder = new TextEncoder();
  private readonly batcher: OutputBatcher;
  private readonly sendResize: Debounced<[number, number]>;
  private readonly subscriptions: Disposable[];
  private status: TerminalStatus = 'connecting';
  /** Credited bytes not yet acknowledged; sent once they reach terminalAckEveryBytes. */
  private unacknowledged = 0;

  constructor(private readonly options: TerminalEngineOptions) {
    const { terminal, socket } = options;
    socket.binaryType = 'arraybuffer';
    this.batcher = new OutputBatcher({
      sink: { write: (data, done) => terminal.write(data, done) },
      batchMs: outputBatchMs,
      streamIntervalMs,
      streamingBytes,
      maxBacklogBytes: terminalWindowBytes,
      onCredit: (bytes) => this.acknowledge(bytes),
    });
    this.sendResize = debounce((w: number, h: number) => this.sendControl({ type: 'resize', w, h }), resizeDebounceMs);
    this.subscriptions = [
      terminal.onData((data) => this.sendInput(data)),
      terminal.onResize(({ cols, rows }) => this.sendResize(cols, rows)),
    ];
    socket.addEventListener('open', () => this.setStatus('connected'));
    socket.addEventListener('message', (event) => this.receive(event.data as ArrayBuffer | string));
    socket.addEventListener('close', () => this.finish('The connection to the server was closed.'));
    socket.addEventListener('error', () => this.reportError('The connection to the server failed.'));
    if (socket.readyState === OPEN) this.setStatus('connected');
  }

  get currentStatus(): TerminalStatus {
    return this.status;
  }

  /** Sends typed or pasted text to the remote shell. */
  sendInput(data: string): void {
    if (this.socket.readyState === OPEN) this.socket.send(this.encoder.encode(data));
  }

  /** In a moderated session, asks the moderators to approve a file transfer; the answer comes as onFileTransferDecision. */
  requestFileTransfer({ download, location, filename }: FileTransferSpec): void {
    this.sendControl({ type: 'file-transfer-request', download, location, ...(filename ? { filename } : {}) });
  }

  /** A moderator's answer to a file-transfer request. */
  decideFileTransfer(requestId: string, approved: boolean): void {
    this.sendControl({ type: 'file-transfer-decision', requestId, approved });
  }

  /** Ends the session for everyone (the owner, or a moderator); the gateway answers with the close. */
  endSession(): void {
    this.sendControl({ type: 'close', reason: 'ended from the console' });
  }

  /** Leaves the session from this side (tab closed or page left). */
  dispose(): void {
    this.sendResize.cancel();
    for (const sub of this.subscriptions) sub.dispose();
    this.batcher.dispose();
    // A moderator's close message ends the session for everyone: a moderator leaving only closes the socket,
    // so the session pauses or ends as its policy says rather than as if the moderator had ended it.
    if (this.status !== 'closed' && this.socket.readyState === OPEN && this.options.mode !== 'moderator') {
      this.sendControl({ type: 'close', reason: 'the browser left the session' });
    }
    this.socket.close(1000);
    this.status = 'closed';
  }

  private get socket(): TerminalSocket {
    return this.options.socket;
  }

  private receive(frame: ArrayBuffer | string): void {
    let decoded;
    try {
      decoded = decodeFrame(frame);
    } catch (err) {
      this.reportError(`The server sent a message the console cannot read (${(err as Error).message}).`);
      return;
    }
    if (decoded.kind === 'data') this.batcher.push(decoded.data);
    else this.handleControl(decoded.message);
  }

  private handleControl(message: ControlMessage): void {
    switch (message.type) {
      case 'session':
        this.options.onSession?.(message.session);
        break;
      case 'audit':
        this.options.onAuditEvent?.(message.event);
        break;
      case 'error':
        this.reportError(message.message);
        break;
      case 'close':
        this.finish(message.reason);
        break;
      case 'mfa-challenge':
        void this.answerMfaChallenge(message);
        break;
      case 'file-transfer-request':
        this.options.onFileTransferRequest?.(message);
        break;
      case 'file-transfer-decision':
        this.options.onFileTransferDecision?.(message);
        break;
      default:
        // Messages a browser only sends (resize, ack, mfa-response) are ignored rather than treated as a broken connection.
        break;
    }
  }

  /** The gateway holds the shell until the answer arrives, so nothing is written to the terminal meanwhile. */
  private async answerMfaChallenge({ webauthn, totp }: MfaChallengeMessage): Promise<void> {
    const ask = this.options.onMfaChallenge;
    if (!ask) {
      this.abandon('This session needs a second factor, and this app cannot ask for one.');
      return;
    }
    try {
      const answer = await ask({ ...(webauthn && { webauthn_challenge: webauthn }), totp_challenge: totp });
      this.sendControl({ type: 'mfa-response', ...answer });
    } catch (err) {
      this.abandon(err instanceof Error ? err.message : String(err));
    }
  }

  /** Ends a session that cannot open from this side, saying why. */
  private abandon(message: string): void {
    if (this.status === 'closed') return;
    this.reportError(message);
    this.sendControl({ type: 'close', reason: message });
    this.socket.close(1000);
    this.finish(message);
  }

  private acknowledge(bytes: number): void {
    this.unacknowledged += bytes;
    if (this.unacknowledged < terminalAckEveryBytes) return;
    this.sendControl({ type: 'ack', bytes: this.unacknowledged });
    this.unacknowledged = 0;
  }

  private sendControl(message: ControlMessage): void {
    if (this.socket.readyState === OPEN) this.socket.send(encodeControl(message));
  }

  private reportError(message: string): void {
    this.options.terminal.write(red(message));
    this.options.onError?.(message);
  }

  private finish(reason: string): void {
    if (this.status === 'closed') return;
    this.batcher.flush();
    this.sendResize.cancel();
    this.setStatus('closed');
    this.options.onClose?.(reason);
  }

  private setStatus(status: TerminalStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }
}
