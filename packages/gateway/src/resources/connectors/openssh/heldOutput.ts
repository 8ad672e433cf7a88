/**
 * Output that waits until the first consumer listens, so the first bytes (banner, prompt, a quick command's
 * whole output) are not lost; after that every listener sees each chunk.
 */
export function heldOutput() {
  const listeners: ((chunk: Buffer) => void)[] = [];
  const early: Buffer[] = [];
  return {
    emit(chunk: Buffer): void {
      if (listeners.length) for (const listener of listeners) listener(chunk);
      else early.push(chunk);
    },
    onData(listener: (chunk: Buffer) => void): void {
      listeners.push(listener);
      for (const chunk of early.splice(0)) listener(chunk);
    },
  };
}

/** ssh exits 255 when it could not connect or authenticate; its own message is already in the output. */
export const sshExitError = (code: number | null, target: { host: string; port: number }, login: string): string | undefined =>
  code === 255 ? `could not reach ${target.host}:${target.port} as ${login}` : undefined;
