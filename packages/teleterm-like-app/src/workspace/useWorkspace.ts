import type { DaemonWorkspaceJson } from '@portcullis/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DaemonClient } from '../daemon/daemonClient';
import { emptyWorkspace } from './documents';

/** Changes within this long of each other are saved once (tabs flicking by with Ctrl+Tab are one save). */
export const workspaceSaveDelayMs = 400;

export interface Workspace {
  /** Undefined until the daemon's copy has arrived. */
  workspace: DaemonWorkspaceJson | undefined;
  update: (change: (workspace: DaemonWorkspaceJson) => DaemonWorkspaceJson) => void;
  /** Why loading or the last save failed. */
  error: string;
}

/** The open tabs, the active one and the theme: loaded from the daemon at start, saved to it after each change. */
export function useWorkspace(daemon: Pick<DaemonClient, 'workspace' | 'saveWorkspace'>): Workspace {
  const [workspace, setWorkspace] = useState<DaemonWorkspaceJson>();
  const [error, setError] = useState('');
  // What the daemon already has: the loaded workspace is not saved back.
  const saved = useRef<DaemonWorkspaceJson>(undefined);

  useEffect(() => {
    const arrived = (ws: DaemonWorkspaceJson) => {
      saved.current = ws;
      setWorkspace(ws);
    };
    daemon.workspace().then(arrived, (err: Error) => {
      setError(`The saved tabs could not be loaded: ${err.message}`);
      arrived(emptyWorkspace);
    });
  }, [daemon]);

  useEffect(() => {
    if (!workspace || workspace === saved.current) return undefined;
    const timer = setTimeout(() => {
      saved.current = workspace;
      daemon.saveWorkspace(workspace).then(
        () => setError(''),
        (err: Error) => setError(`The tabs could not be saved: ${err.message}`),
      );
    }, workspaceSaveDelayMs);
    return () => clearTimeout(timer);
  }, [daemon, workspace]);

  const update = useCallback(
    (change: (ws: DaemonWorkspaceJson) => DaemonWorkspaceJson) => setWorkspace((ws) => ws && change(ws)),
    [],
  );
  return { workspace, update, error };
}
