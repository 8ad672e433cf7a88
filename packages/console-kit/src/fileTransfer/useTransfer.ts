import { useEffect, useRef, useState } from 'react';
import type { TransferProgress } from './transferFile';

export type TransferState =
  | { status: 'idle' }
  | { status: 'running'; progress: TransferProgress }
  /** A moderated session's transfer waits for a moderator's approval before it starts. */
  | { status: 'waiting' }
  | { status: 'done' }
  | { status: 'error'; message: string };

/** Runs one transfer at a time with progress, and cancels it if the component goes away. */
export function useTransfer() {
  const [state, setState] = useState<TransferState>({ status: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async <T>(start: (options: { onProgress: (p: TransferProgress) => void; onWaiting: () => void; signal: AbortSignal }) => Promise<T>) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: 'running', progress: { loaded: 0 } });
    try {
      const result = await start({
        onProgress: (progress) => setState({ status: 'running', progress }),
        onWaiting: () => setState({ status: 'waiting' }),
        signal: controller.signal,
      });
      setState({ status: 'done' });
      return result;
    } catch (err) {
      if (!controller.signal.aborted) setState({ status: 'error', message: err instanceof Error ? err.message : String(err) });
      return undefined;
    }
  };
  const cancel = () => {
    abort.current?.abort();
    setState({ status: 'idle' });
  };
  return { state, run, cancel, reset: () => setState({ status: 'idle' }) };
}

/** Percentage text for a progress report, or bytes when the size is unknown. */
export function progressText({ loaded, total }: TransferProgress): string {
  if (total) return `${Math.floor((loaded / total) * 100)}%`;
  return `${loaded} bytes`;
}
