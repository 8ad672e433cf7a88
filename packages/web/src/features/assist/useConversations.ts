import type { AssistConversationJson } from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useCallback, useState } from 'react';
import { conversationActions, conversationsAtom, conversationsVersionAtom } from './assistApi';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The person's conversations and what can be done to them; the list is fetched again after each change. */
export function useConversations() {
  const { conversations, error } = useAtomValue(conversationsAtom);
  const bump = useSetAtom(conversationsVersionAtom);
  // As a transition, so the list stays on screen while it is fetched again instead of suspending.
  const reload = useCallback(() => startTransition(() => bump((v) => v + 1)), [bump]);
  const [titleError, setTitleError] = useState('');
  return {
    conversations,
    error,
    /** Why the last new conversation could not be given a title. */
    titleError,
    dismissTitleError: () => setTitleError(''),
    create: async (): Promise<AssistConversationJson> => {
      const created = await conversationActions.create();
      reload();
      return created;
    },
    rename: async (conversation: AssistConversationJson, title: string) => {
      await conversationActions.rename(conversation.id, title);
      reload();
    },
    remove: async (conversation: AssistConversationJson) => {
      await conversationActions.remove(conversation.id);
      reload();
    },
    titleFrom: (conversationId: string, text: string) =>
      conversationActions
        .titleFrom(conversationId, text)
        .then(reload, (err: unknown) =>
          setTitleError(`The conversation could not be given a title: ${message(err)}`),
        ),
  };
}
