import { z } from 'zod';
import { clusterParams } from '../../platform/clusters/schemas';

/** The longest message a person may send, and the longest they may ask a title for. */
export const maxMessageChars = 4000;
/** What the console keeps of each node's output (its last 16 KiB). */
const maxOutputChars = 16 * 1024;

export const conversationParams = z.object({ conversationId: z.string().min(1).max(64) }).strict();

export const titleBody = z.object({ title: z.string().trim().min(1, 'title must not be empty').max(100) }).strict();

export const titleSummaryBody = z.object({ message: z.string().min(1).max(maxMessageChars) }).strict();

export const assistantSocketQuery = z.object({
  access_token: z.string().min(1),
  conversation_id: z.string().min(1).max(64),
});

export const assistantSocketParams = clusterParams;

const nodeResult = z.object({
  nodeId: z.string().min(1).max(128),
  hostname: z.string().max(253),
  output: z.string().max(maxOutputChars),
  exitCode: z.number().int().nullable(),
});

/** What the console may send on the assistant websocket (shared's AssistClientMessage). */
export const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user_message'), text: z.string().trim().min(1, 'the message is empty').max(maxMessageChars, `a message may be at most ${maxMessageChars} characters`) }),
  z.object({ type: z.literal('command_results'), proposalId: z.string().min(1).max(64), results: z.array(nodeResult).min(1).max(50) }),
]);
