import type { AssistNodeResultJson } from '@portcullis/shared';
import { badRequest } from '../../platform/access/errors';
import { recordEvent } from '../audit/record';
import type { StoredMessage } from './store';
import type { AssistDeps } from './turn';

/**
 * Stores what the console reports of running a proposal the person confirmed, with its ASSIST_EXECUTION event.
 * Only a proposal of this conversation, answered once, and only for the nodes it named: anything else is refused,
 * so stale or replayed results cannot feed the model.
 */
export async function acceptResults(
  { store, conversations, now }: Pick<AssistDeps, 'store' | 'conversations' | 'now'>,
  at: { user: string; conversationId: string },
  proposalId: string,
  results: AssistNodeResultJson[],
): Promise<StoredMessage> {
  return store.transaction(async (tx) => {
    const found = await conversations.proposal(at.conversationId, proposalId, tx);
    if (!found) throw badRequest(`proposal ${proposalId} is not one of this conversation's`);
    if (found.answered) throw badRequest(`proposal ${proposalId} was answered already: ask the assistant again to run it anew`);
    const { proposal } = found.message;
    const named = new Map(proposal.nodes.map((n) => [n.id, n.hostname]));
    const stray = results.find((r) => !named.has(r.nodeId));
    if (stray) throw badRequest(`node ${stray.nodeId} is not one of proposal ${proposalId}'s nodes`);
    const stored = await conversations.append(at.conversationId, { kind: 'results', proposalId, results: results.map((r) => ({ ...r, hostname: named.get(r.nodeId)! })) }, tx);
    await recordEvent(tx, 'ASSIST_EXECUTION', { user: at.user, node_count: results.length, command: proposal.command, conversation_id: at.conversationId }, now());
    return stored;
  });
}
