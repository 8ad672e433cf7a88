import {
  apiPaths,
  compilePath,
  type AssistConversationJson,
  type AssistConversationsJson,
  type AssistTitleSummaryJson,
} from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';

/** Bumped after a conversation is added, renamed or removed, so the list is fetched again. */
export const conversationsVersionAtom = atom(0);

/** The person's conversations, newest first, or why they could not be read (shown instead of failing the page). */
export const conversationsAtom = atom(
  async (get): Promise<{ conversations: AssistConversationJson[]; error: string }> => {
    get(conversationsVersionAtom);
    try {
      const json = await api.get<AssistConversationsJson>(apiPaths.assistConversations);
      return { conversations: json.conversations, error: '' };
    } catch (err) {
      return { conversations: [], error: err instanceof Error ? err.message : String(err) };
    }
  },
);

const conversationPath = (path: string, conversationId: string) => compilePath(path, { conversationId });

export const conversationActions = {
  create: () => api.post<AssistConversationJson>(apiPaths.assistConversations, {}),
  rename: (conversationId: string, title: string) =>
    api.put<AssistConversationJson>(conversationPath(apiPaths.assistConversationTitle, conversationId), {
      title,
    }),
  remove: (conversationId: string) =>
    api.delete(conversationPath(apiPaths.assistConversation, conversationId)),
  /** Names a new conversation after its first message, in the assistant's words. */
  titleFrom: async (conversationId: string, message: string) => {
    const { title } = await api.post<AssistTitleSummaryJson>(apiPaths.assistTitleSummary, { message });
    return conversationActions.rename(conversationId, title);
  },
};
