import { Dialog } from '@portcullis/design';
import type { AuthenticateChallengeJson, MfaResponseJson } from '@portcullis/shared';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { SecondFactorPrompt } from './SecondFactorPrompt';

/** Why an `ask` failed when the user closed the prompt instead of answering it. */
export const secondFactorCancelledMessage = 'The second factor was not given.';

interface Pending {
  id: number;
  challenge: AuthenticateChallengeJson;
  reason?: ReactNode;
  resolve: (response: MfaResponseJson) => void;
  reject: (err: Error) => void;
}

/**
 * A second-factor prompt in a dialog, asked for from code: `ask(challenge, reason)` opens it and resolves with
 * the answer, or rejects when the user closes it. Engines take `ask` as their AskSecondFactor; several asks
 * (two terminals opening at once) are answered one after the other. Render `dialog` once, anywhere.
 */
export function useSecondFactorDialog(): {
  ask: (challenge: AuthenticateChallengeJson, reason?: ReactNode) => Promise<MfaResponseJson>;
  dialog: ReactNode;
} {
  const [queue, setQueue] = useState<Pending[]>([]);
  const nextId = useRef(0);
  const ask = useCallback(
    (challenge: AuthenticateChallengeJson, reason?: ReactNode) =>
      new Promise<MfaResponseJson>((resolve, reject) => {
        const id = (nextId.current += 1);
        setQueue((all) => [...all, { id, challenge, reason, resolve, reject }]);
      }),
    [],
  );
  const current = queue[0];
  const done = (id: number) => setQueue((all) => all.filter((p) => p.id !== id));
  const dialog = current ? (
    <Dialog
      key={current.id}
      open
      title="Verify Your Identity"
      disableBackdropClose
      onClose={() => {
        current.reject(Object.assign(new Error(secondFactorCancelledMessage), { name: 'AbortError' }));
        done(current.id);
      }}
    >
      <SecondFactorPrompt
        challenge={current.challenge}
        description={current.reason}
        onAnswer={(response) => {
          current.resolve(response);
          done(current.id);
        }}
      />
    </Dialog>
  ) : null;
  return { ask, dialog };
}
