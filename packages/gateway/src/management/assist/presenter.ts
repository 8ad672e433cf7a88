import type { AssistConversationJson, AssistMessageJson } from '@portcullis/shared';
import type { StoredMessage } from './store';
import type { AssistConversationRow } from './tables';

export const presentConversation = (row: AssistConversationRow) =>
  ({ id: row.id, title: row.title, createdAt: new Date(Number(row.created_at)).toISOString() }) satisfies AssistConversationJson;

/** A stored message on the wire; the model's tool call id stays in the gateway. */
export function presentMessage(m: StoredMessage): AssistMessageJson {
  const createdAt = new Date(m.createdAt).toISOString();
  switch (m.kind) {
    case 'proposal':
      return { id: m.id, kind: 'proposal', proposal: m.proposal, createdAt };
    case 'results':
      return { id: m.id, kind: 'results', proposalId: m.proposalId, results: m.results, createdAt };
    default:
      return { id: m.id, kind: m.kind, text: m.text, createdAt };
  }
}
