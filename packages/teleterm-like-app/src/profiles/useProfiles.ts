import type { DaemonProfileJson } from '@portcullis/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DaemonClient } from '../daemon/daemonClient';

export interface Profiles {
  list: DaemonProfileJson[];
  loaded: boolean;
  error: string;
  /** A profile the daemon signed in to: a new one, or one signed in again. */
  signedIn(profile: DaemonProfileJson): void;
  signOut(profile: string): Promise<void>;
}

/** The clusters the daemon holds sessions on. */
export function useProfiles(daemon: Pick<DaemonClient, 'profiles' | 'signOut'>): Profiles {
  const [list, setList] = useState<DaemonProfileJson[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    daemon
      .profiles()
      .then(setList, (err: Error) => setError(err.message))
      .finally(() => setLoaded(true));
  }, [daemon]);

  const signedIn = useCallback(
    (profile: DaemonProfileJson) => setList((all) => [...all.filter((p) => p.id !== profile.id), profile]),
    [],
  );
  const signOut = useCallback(
    async (id: string) => {
      setError('');
      try {
        await daemon.signOut(id);
        setList((all) => all.filter((p) => p.id !== id));
      } catch (err) {
        setError((err as Error).message);
        throw err;
      }
    },
    [daemon],
  );
  return useMemo(
    () => ({ list, loaded, error, signedIn, signOut }),
    [list, loaded, error, signedIn, signOut],
  );
}
