/** How a channel ended: `code` is null when it did not run at all, with `error` saying why. */
export interface ChannelExit {
  code: number | null;
  error?: string;
}

/**
 * A session's byte stream on a resource, whichever connector reached it (an agent's tunnel, OpenSSH). Output
 * must be acknowledged with ack(n) once delivered; the channel stops producing when about one terminal window
 * is unacknowledged, so a flood waits at its source.
 */
export interface Channel {
  /** Every listener sees all output; what arrives before the first listener is held for it. */
  onData(listener: (chunk: Buffer) => void): void;
  /** Called once, when the channel has ended. */
  onExit(listener: (exit: ChannelExit) => void): void;
  ack(bytes: number): void;
  write(input: Buffer): void;
  resize(w: number, h: number): void;
  close(): void;
}

/** What a session asks a connector to open: a shell with a terminal, or one command without. */
export type ChannelRequest =
  | { type: 'shell'; login: string; term: { w: number; h: number }; sessionId: string }
  | { type: 'exec'; login: string; command: string };
