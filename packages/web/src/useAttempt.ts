import { useCallback, useState } from 'react';

/**
 * The state of one user action that calls the server: whether it runs, and the message of its last
 * failure, which the page shows (errors are shown, never swallowed).
 */
export function useAttempt() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = useCallback(async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
