import { controlMessage, type ControlMessage } from './messages';

export type DecodedFrame = { kind: 'data'; data: Uint8Array } | { kind: 'control'; message: ControlMessage };

/** Text frames carry one JSON control message; binary frames carry raw terminal bytes. */
export function encodeControl(message: ControlMessage): string {
  return JSON.stringify(controlMessage.parse(message));
}

/**
 * Reads one websocket frame. A text frame that is not a known control message throws an Error naming the
 * problem, so the receiver can answer with an `error` message instead of guessing.
 */
export function decodeFrame(frame: string | Uint8Array | ArrayBuffer): DecodedFrame {
  if (typeof frame !== 'string') {
    return { kind: 'data', data: frame instanceof Uint8Array ? frame : new Uint8Array(frame) };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    throw new Error('control message is not JSON');
  }
  const parsed = controlMessage.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid control message: ${issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'unknown'}`);
  }
  return { kind: 'control', message: parsed.data };
}
