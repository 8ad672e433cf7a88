import type { DaemonConnectionJson, DaemonConnectionRequest } from '@portcullis/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DaemonClient } from '../daemon/daemonClient';

export interface Connections {
  list: DaemonConnectionJson[];
  /** The daemon's list has arrived (or failed to). */
  loaded: boolean;
  /** The last failed action's message, as the daemon gave it. */
  error: string;
  /** Rejects with the daemon's error too, since the caller goes on to open a tab for it. */
  open(request: DaemonConnectionRequest): Promise<DaemonConnectionJson>;
  connect(id: string): Promise<void>;
  disconnect(id: string): Promise<void>;
  remove(id: string): Promise<void>;
}

const replace = (list: DaemonConnectionJson[], next: DaemonConnectionJson) =>
  list.some((c) => c.id === next.id) ? list.map((c) => (c.id === next.id ? next : c)) : [...list, next];

/** The panel's actions settle either way: a failure is shown as `error`. */
const shownInPanel = (action: Promise<unknown>) =>
  action.then(
    () => undefined,
    () => undefined,
  );

/** The daemon's local database proxies, and what can be done to them. */
export function useConnections(daemon: DaemonClient): Connections {
  const [list, setList] = useState<DaemonConnectionJson[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    daemon
      .connections()
      .then(setList, (err: Error) => setError(err.message))
      .finally(() => setLoaded(true));
  }, [daemon]);

  // Every action reports its failure here and lets the caller see it too.
  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T> => {
    setError('');
    try {
      return await action();
    } catch (err) {
      setError((err as Error).message);
      throw err;
    }
  }, []);

  return useMemo(() => {
    const update = (change: () => Promise<DaemonConnectionJson>) =>
      run(async () => {
        const next = await change();
        setList((all) => replace(all, next));
        return next;
      });
    return {
      list,
      loaded,
      error,
      open: (request) => update(() => daemon.openConnection(request)),
      connect: (id) => shownInPanel(update(() => daemon.connect(id))),
      disconnect: (id) => shownInPanel(update(() => daemon.disconnect(id))),
      remove: (id) =>
        shownInPanel(
          run(async () => {
            await daemon.removeConnection(id);
            setList((all) => all.filter((c) => c.id !== id));
          }),
        ),
    };
  }, [daemon, list, loaded, error, run]);
}
