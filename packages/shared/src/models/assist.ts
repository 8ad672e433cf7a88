/** A conversation with the assistant, as GET /assistant/conversations lists it (newest first). */
export interface AssistConversationJson {
  id: string;
  title: string;
  /** ISO time. */
  createdAt: string;
}

export interface AssistConversationsJson {
  conversations: AssistConversationJson[];
}

/** POST /assistant/title/summary {message}: a short title for a conversation that starts with `message`. */
export interface AssistTitleSummaryJson {
  title: string;
}

/** A node a proposal names, as the user's roles let them see it. */
export interface AssistProposalNode {
  id: string;
  hostname: string;
}

/**
 * A command the assistant proposes. It never runs by itself: the person confirms it, and the console then runs it
 * on each node through the command websocket, under the person's own roles.
 */
export interface AssistProposalJson {
  id: string;
  command: string;
  login: string;
  nodes: AssistProposalNode[];
  /** Nodes the assistant named that the person's roles do not reach, with why; they are never run on. */
  refused: { hostname: string; reason: string }[];
}

/** One node's outcome of a confirmed proposal, as the console sends it back for the assistant to summarise. */
export interface AssistNodeResultJson {
  nodeId: string;
  hostname: string;
  /** The command's output (stdout and stderr), cut to its last 16 KiB by the console. */
  output: string;
  /** Null when the command could not run (the refusal or error is in `output`). */
  exitCode: number | null;
}

/** A message of a conversation, as the history replays it. */
export type AssistMessageJson =
  | { id: string; kind: 'user'; text: string; createdAt: string }
  | { id: string; kind: 'assistant'; text: string; createdAt: string }
  | { id: string; kind: 'proposal'; proposal: AssistProposalJson; createdAt: string }
  | { id: string; kind: 'results'; proposalId: string; results: AssistNodeResultJson[]; createdAt: string }
  | { id: string; kind: 'error'; text: string; createdAt: string };

/** Console → gateway, on the assistant websocket (text frames of JSON). */
export type AssistClientMessage =
  | { type: 'user_message'; text: string }
  /** The outcome of a proposal the person confirmed and the console ran. */
  | { type: 'command_results'; proposalId: string; results: AssistNodeResultJson[] };

/** Gateway → console, on the assistant websocket. */
export type AssistServerMessage =
  /** First, the conversation so far. */
  | { type: 'history'; messages: AssistMessageJson[] }
  /** A message stored (the person's, or a finished answer, proposal or error). */
  | { type: 'message'; message: AssistMessageJson }
  /** Part of the answer being generated, to show as it streams; a `message` with the whole text follows. */
  | { type: 'delta'; text: string }
  /** The assistant is done until the person says something (or sends results). */
  | { type: 'idle' };
