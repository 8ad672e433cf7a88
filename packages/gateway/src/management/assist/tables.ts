/** Row shapes of the assistant's tables (part of storage's Tables). */
export interface AssistConversationRow {
  id: string;
  /** The user whose conversation it is: nobody else may read, rename or delete it. */
  username: string;
  title: string;
  created_at: number;
}

/** What a message row's `kind` says its `body` holds. */
export type AssistMessageKind = 'user' | 'assistant' | 'proposal' | 'results' | 'error';

export interface AssistMessageRow {
  id: string;
  conversation_id: string;
  /** The message's place in its conversation, from 1. */
  seq: number;
  kind: AssistMessageKind;
  /** JSON: see StoredBody in store.ts. */
  body: string;
  created_at: number;
}

export interface AssistTables {
  assist_conversations: AssistConversationRow;
  assist_messages: AssistMessageRow;
}
