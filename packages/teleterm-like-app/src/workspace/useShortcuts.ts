import { useEffect, useRef } from 'react';
import { type Shortcut, shortcutFor } from './shortcuts';

/**
 * Runs the workspace's shortcuts from anywhere in the window, terminals included: the listener runs in the capture
 * phase, before xterm takes the key.
 */
export function useShortcuts(run: (shortcut: Shortcut) => void) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      const shortcut = shortcutFor(e);
      if (!shortcut) return;
      e.preventDefault();
      e.stopPropagation();
      latest.current(shortcut);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}
