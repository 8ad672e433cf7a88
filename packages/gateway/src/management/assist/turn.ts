import type { AssistProposalJson, AssistServerMessage } from '@portcullis/shared';
import { recordEvent } from '../audit/record';
import type { Store } from '../../platform/storage/store';
import { ModelError, type ChatMessage, type ModelClient, type ToolCall } from './model';
import { presentMessage } from './presenter';
import { proposalAnswer, toChatMessages } from './prompt';
import type { ConversationStore, StoredBody } from './store';
import { findNodes, proposeCommand, toolDefinitions, ToolError, type ToolContext } from './tools';

/** How many times the model may call tools before answering one message. */
const maxToolRounds = 20;
/** How much of the conversation the model is shown. */
const modelHistory = 50;

/** What the assistant's socket and turns work with. */
export interface AssistDeps {
  store: Store;
  conversations: ConversationStore;
  model: ModelClient;
  now: () => number;
}

export interface Turn {
  conversationId: string;
  tools: ToolContext;
  send: (message: AssistServerMessage) => void;
  /** Aborted when the socket closes: the model call stops, and nothing more is stored. */
  signal: AbortSignal;
}

/**
 * The assistant's answer to what was just stored (a message, or the results of a proposal): the model streams,
 * calls tools until it answers, or ends the turn with a proposal, which only the person can run. Model errors are
 * stored and shown.
 */
export async function runTurn(deps: AssistDeps, turn: Turn): Promise<void> {
  const user = turn.tools.identity.user.name;
  const append = async (body: StoredBody, id?: string) => turn.send({ type: 'message', message: presentMessage(await deps.conversations.append(turn.conversationId, body, deps.store, id)) });
  let totalTokens: number | undefined;
  try {
    const chat = toChatMessages(await deps.conversations.messages(turn.conversationId, modelHistory));
    for (let round = 0; round < maxToolRounds; round++) {
      const completion = await deps.model.stream(chat, toolDefinitions, (text) => turn.send({ type: 'delta', text }), turn.signal);
      if (completion.totalTokens !== undefined) totalTokens = (totalTokens ?? 0) + completion.totalTokens;
      if (completion.text) await append({ kind: 'assistant', text: completion.text });
      if (!completion.toolCalls.length) return;
      chat.push({ role: 'assistant', content: completion.text || null, tool_calls: completion.toolCalls });
      for (const call of completion.toolCalls) {
        const outcome = await runTool(turn.tools, call);
        if (typeof outcome === 'string') {
          chat.push(toolAnswer(call, outcome));
          continue;
        }
        await append({ kind: 'proposal', proposal: outcome, toolCallId: call.id }, outcome.id);
        // The turn ends with a proposal: the model hears back only when the person has run it (or moved on).
        if (outcome.nodes.length) return;
        chat.push(toolAnswer(call, proposalAnswer(outcome, undefined)));
      }
    }
    await append({ kind: 'error', text: `The assistant called tools ${maxToolRounds} times without answering; ask again, more precisely.` });
  } catch (err) {
    if (turn.signal.aborted) return;
    if (!(err instanceof ModelError)) throw err;
    await append({ kind: 'error', text: err.message });
  } finally {
    if (totalTokens !== undefined) await recordEvent(deps.store, 'ASSIST_COMPLETION', { user, total_tokens: totalTokens, conversation_id: turn.conversationId }, deps.now());
  }
}

const toolAnswer = (call: ToolCall, content: string): ChatMessage => ({ role: 'tool', tool_call_id: call.id, content });

/** A tool's answer to the model, or a proposal; a call the model got wrong is answered with what was wrong. */
async function runTool(tools: ToolContext, call: ToolCall): Promise<string | AssistProposalJson> {
  try {
    switch (call.function.name) {
      case 'find_nodes':
        return await findNodes(tools, call.function.arguments);
      case 'propose_command':
        return await proposeCommand(tools, call.function.arguments);
      default:
        return JSON.stringify({ error: `there is no tool named ${call.function.name}` });
    }
  } catch (err) {
    if (err instanceof ToolError) return JSON.stringify({ error: err.message });
    throw err;
  }
}
