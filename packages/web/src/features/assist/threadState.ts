import type { AssistMessageJson, AssistServerMessage } from '@portcullis/shared';

/** A conversation as the assistant's websocket has told it so far. */
export interface ThreadState {
  messages: AssistMessageJson[];
  /** The history has arrived: the gateway reads what the console sends only from then on. */
  ready: boolean;
  /** The part of the answer generated so far, shown until the whole answer is stored. */
  streaming: string;
  /** The assistant works on what the person sent, until it says it is idle. */
  answering: boolean;
  /** Why the connection ended, once it has. */
  closed?: string;
}

export const emptyThread: ThreadState = { messages: [], ready: false, streaming: '', answering: false };

/** The thread after one message from the gateway. */
export function receive(state: ThreadState, message: AssistServerMessage): ThreadState {
  switch (message.type) {
    case 'history':
      return { ...state, messages: message.messages, ready: true };
    case 'message':
      return {
        ...state,
        messages: state.messages.some((m) => m.id === message.message.id)
          ? state.messages
          : [...state.messages, message.message],
        // The person's own message is stored before the answer starts; anything else ends what was streaming.
        streaming: message.message.kind === 'user' ? state.streaming : '',
      };
    case 'delta':
      return { ...state, streaming: state.streaming + message.text };
    case 'idle':
      return { ...state, streaming: '', answering: false };
    default:
      // A newer gateway's message this console does not know: leave the thread as it is.
      return state;
  }
}

/** The results each proposal got, by proposal id. */
export const resultsByProposal = (messages: AssistMessageJson[]) =>
  new Map(messages.flatMap((m) => (m.kind === 'results' ? [[m.proposalId, m.results] as const] : [])));
