import { z } from 'zod';
import type { SessionKind } from '../models/activeSession';

/**
 * The terminal websocket's control messages. Terminal bytes travel as binary frames in both directions;
 * everything else is one small JSON text frame, discriminated by `type`.
 */

const size = z.object({ w: z.number().int().min(1).max(1000), h: z.number().int().min(1).max(1000) });

/** Browser → gateway: the terminal was resized (the console debounces this; see resizeDebounceMs). */
export const resizeMessage = z.object({ type: z.literal('resize'), ...size.shape });

/**
 * Browser → gateway: the browser has written `bytes` more output bytes to its terminal. The gateway keeps at
 * most terminalWindowBytes unacknowledged, so a flood can never queue more than that in the tab.
 */
export const ackMessage = z.object({ type: z.literal('ack'), bytes: z.number().int().positive() });

const party = z.object({ id: z.string(), user: z.string(), remote_addr: z.string(), server_id: z.string(), last_active: z.string() });

/** Gateway → browser, once the shell is open: what this session is (server_* name the resource it runs on). */
export const sessionMessage = z.object({
  type: z.literal('session'),
  session: z.object({
    kind: z.enum(['ssh', 'k8s', 'db', 'app', 'desktop'] satisfies SessionKind[]),
    id: z.string(),
    namespace: z.string(),
    login: z.string(),
    server_id: z.string(),
    server_hostname: z.string(),
    server_addr: z.string(),
    cluster_name: z.string(),
    created: z.string(),
    last_active: z.string(),
    terminal_params: size,
    parties: z.array(party),
    /** The owner's roles require moderators (require_session_join): file transfers then need approval. */
    moderated: z.boolean().optional(),
  }),
});

/** Gateway → browser: an audit event about this session (the flat event object of the audit log). */
export const auditMessage = z.object({ type: z.literal('audit'), event: z.record(z.string(), z.unknown()) });

/** Either side: the session is over (the shell exited, or the browser leaves). */
export const closeMessage = z.object({ type: z.literal('close'), reason: z.string(), exitCode: z.number().int().optional() });

/** Gateway → browser: something went wrong; `message` is written into the terminal for the user to read. */
export const errorMessage = z.object({ type: z.literal('error'), message: z.string() });

const transfer = {
  download: z.boolean(),
  /** The path on the node: the file to download, or the directory an upload goes into. */
  location: z.string().min(1).max(4096),
  /** An upload's file name inside `location`. */
  filename: z.string().max(255).optional(),
};

/**
 * Both ways: a file transfer in a moderated session waits for a moderator's approval. The owner's browser sends
 * the transfer it wants (no requestId); the gateway gives it an id and tells every party, naming the requester.
 */
export const fileTransferRequestMessage = z.object({
  type: z.literal('file-transfer-request'),
  ...transfer,
  requestId: z.string().optional(),
  requester: z.string().optional(),
});

/**
 * Both ways: a moderator approves or denies request `requestId`; the gateway then tells every party, naming the
 * moderator who decided. An approved request lets exactly one matching transfer through the scp route.
 */
export const fileTransferDecisionMessage = z.object({
  type: z.literal('file-transfer-decision'),
  requestId: z.string().min(1).max(64),
  approved: z.boolean(),
  moderator: z.string().optional(),
});

/**
 * Gateway → client: the session needs a second factor before it opens (per-session MFA): a WebAuthn request
 * when the user has a key, and whether a TOTP code is accepted (the command line's way).
 */
export const mfaChallengeMessage = z.object({
  type: z.literal('mfa-challenge'),
  webauthn: z.object({ publicKey: z.record(z.string(), z.unknown()) }).optional(),
  totp: z.boolean(),
});

/** Client → gateway: the assertion or code answering an mfa-challenge. */
export const mfaResponseMessage = z.object({
  type: z.literal('mfa-response'),
  webauthn_response: z.record(z.string(), z.unknown()).optional(),
  totp_code: z.string().max(16).optional(),
});

export const controlMessage = z.discriminatedUnion('type', [
  resizeMessage,
  ackMessage,
  sessionMessage,
  auditMessage,
  closeMessage,
  errorMessage,
  fileTransferRequestMessage,
  fileTransferDecisionMessage,
  mfaChallengeMessage,
  mfaResponseMessage,
]);

export type ControlMessage = z.infer<typeof controlMessage>;
export type SessionInfo = z.infer<typeof sessionMessage>['session'];
export type FileTransferRequest = z.infer<typeof fileTransferRequestMessage>;
export type FileTransferDecision = z.infer<typeof fileTransferDecisionMessage>;
