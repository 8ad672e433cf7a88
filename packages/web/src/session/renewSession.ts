import type { RenewSessionRequest } from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useCallback } from 'react';
import { browserSessionPorts } from './sessionPorts';
import { userContextVersionAtom } from './userContext';
import { sessionAtom } from './useSession';

/**
 * Renews the session with a body (assume an approved access request, or switch back), stores the new bearer
 * as the timer's renewal does, then fetches the user context again: it is cached, and it is what says which
 * request is assumed and what the user may now see.
 */
export function useRenewSession() {
  const session = useAtomValue(sessionAtom);
  const refreshContext = useSetAtom(userContextVersionAtom);
  return useCallback(
    async (body: RenewSessionRequest) => {
      // The running lifecycle keeps its timer (and other tabs) from renewing over this one. A page rendered
      // without it (a test, a story) has nothing to coordinate with, so the ports renew directly.
      await (session ? session.renewWith(body) : browserSessionPorts().renew(body));
      // As a transition, the pages reading the context keep showing while the new one loads, instead of the
      // whole console falling back to a spinner.
      startTransition(() => refreshContext((v) => v + 1));
    },
    [session, refreshContext],
  );
}
