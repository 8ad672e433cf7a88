/**
 * A shell on a node, whichever way it is reached (agent tunnel or OpenSSH). Output must be acknowledged with
 * ack(n) once delivered; the channel stops producing when about one terminal window is unacknowledged.
 */
export interface ShellChannel {
  /** Every listener sees all output; what arrives before the first listener is held for it. */
  onData(listener: (chunk: Buffer) => void): void;
  /** Called once: the shell ended (code null when it did not run at all, with `error` saying why). */
  onExit(listener: (exit: { code: number | null; error?: string }) => void): void;
  ack(bytes: number): void;
  write(input: Buffer): void;
  resize(w: number, h: number): void;
  close(): void;
}

export interface ShellRequest {
  login: string;
  term: { w: number; h: number };
  sessionId: string;
}
