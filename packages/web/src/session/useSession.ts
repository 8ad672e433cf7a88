import { crossTabMessage, SessionLifecycle } from '@portcullis/console-kit';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { browserSessionPorts } from './sessionPorts';

/** The running lifecycle of this tab, so the user menu can log out through it. */
export const sessionAtom = atom<SessionLifecycle | null>(null);

/**
 * Runs the session lifecycle while the private pages are shown: the timers, and the storage events
 * through which other tabs report renewals and logouts. Says whether the session is valid.
 */
export function useSessionLifecycle(): boolean {
  const setSession = useSetAtom(sessionAtom);
  const session = useAtomValue(sessionAtom);
  useEffect(() => {
    const lifecycle = new SessionLifecycle(browserSessionPorts());
    if (!lifecycle.start()) return;
    const onStorage = (e: StorageEvent) => {
      const message = crossTabMessage(e);
      if (message) lifecycle.receive(message);
    };
    window.addEventListener('storage', onStorage);
    setSession(lifecycle);
    return () => {
      window.removeEventListener('storage', onStorage);
      lifecycle.stop();
      setSession(null);
    };
  }, [setSession]);
  return session !== null;
}
