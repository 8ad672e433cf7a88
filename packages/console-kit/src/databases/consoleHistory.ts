import type { DatabaseConsoleMessage } from '@portcullis/shared';

type Message<T extends DatabaseConsoleMessage['type']> = Extract<DatabaseConsoleMessage, { type: T }>;
export type DatabaseResult = Omit<Message<'result'>, 'type' | 'id'>;
export type DatabaseSessionInfo = Omit<Message<'ready'>, 'type'>;

export type Outcome =
  { kind: 'result'; result: DatabaseResult } | { kind: 'error'; message: string } | { kind: 'unanswered' };

/** One statement the console sent, and what became of it (none yet while it runs). */
export interface HistoryEntry {
  id: number;
  query: string;
  outcome?: Outcome;
}

export interface ConsoleState {
  status: 'connecting' | 'ready' | 'closed';
  session?: DatabaseSessionInfo;
  entries: HistoryEntry[];
  /** Why the connection failed or ended, once the gateway or the socket said so. */
  ending?: { failed: boolean; message: string };
}

export type ConsoleEvent =
  | { type: 'message'; message: DatabaseConsoleMessage }
  | { type: 'sent'; id: number; query: string }
  | { type: 'unreadable'; problem: string }
  | { type: 'closed'; reason: string };

export const initialConsole: ConsoleState = { status: 'connecting', entries: [] };

const answer = (entries: HistoryEntry[], id: number, outcome: Outcome) =>
  entries.map((e) => (e.id === id && !e.outcome ? { ...e, outcome } : e));

/** The console's history as the socket's events change it. */
export function consoleReducer(state: ConsoleState, event: ConsoleEvent): ConsoleState {
  switch (event.type) {
    case 'sent':
      return { ...state, entries: [...state.entries, { id: event.id, query: event.query }] };
    case 'unreadable':
      return { ...state, ending: { failed: true, message: `The gateway sent ${event.problem}.` } };
    case 'closed': {
      // Statements still running will never be answered: say so rather than leave them spinning.
      const entries = state.entries.map((e): HistoryEntry =>
        e.outcome ? e : { ...e, outcome: { kind: 'unanswered' } },
      );
      const ending = state.ending ?? {
        failed: false,
        message: event.reason ? `The connection closed: ${event.reason}` : 'The connection closed.',
      };
      return { ...state, status: 'closed', entries, ending };
    }
    case 'message': {
      const m = event.message;
      if (m.type === 'ready') {
        const { type: _, ...session } = m;
        return { ...state, status: 'ready', session };
      }
      if (m.type === 'result') {
        const { type: _, id, ...result } = m;
        return { ...state, entries: answer(state.entries, id, { kind: 'result', result }) };
      }
      // Without an id the error is the connection's: it was refused or ended, and the socket closes next.
      if (m.id === undefined) return { ...state, ending: { failed: true, message: m.message } };
      return { ...state, entries: answer(state.entries, m.id, { kind: 'error', message: m.message }) };
    }
  }
}
