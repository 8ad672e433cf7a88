import type { DesktopControlMessage } from '@portcullis/shared';

type SessionMessage = Extract<DesktopControlMessage, { type: 'session' }>;

export interface DesktopSessionState {
  /** connecting until the gateway's session message, connected after it, closed once the socket is. */
  status: 'connecting' | 'connected' | 'closed';
  session?: SessionMessage;
  /** The gateway's error message, or what was wrong with a frame it sent. */
  error?: string;
  /** Why the socket closed, when it did on its own (not by Disconnect). */
  closeReason?: string;
  disconnectedByUser: boolean;
}

export type DesktopSessionAction =
  | { type: 'message'; message: DesktopControlMessage }
  | { type: 'unreadable'; problem: string }
  | { type: 'closed'; code: number; reason: string }
  | { type: 'disconnect' }
  | { type: 'reconnect' };

export const initialDesktopSession: DesktopSessionState = { status: 'connecting', disconnectedByUser: false };

/** A close frame as a reader sees it: its reason, or its code when the gateway gave none (1005: no close frame). */
const describeClose = (code: number, reason: string) =>
  reason || (code === 1000 ? 'the session ended' : `connection lost (code ${code})`);

export function desktopSessionReducer(
  state: DesktopSessionState,
  action: DesktopSessionAction,
): DesktopSessionState {
  switch (action.type) {
    case 'message':
      if (action.message.type === 'error') return { ...state, error: action.message.message };
      return {
        ...state,
        status: state.status === 'closed' ? 'closed' : 'connected',
        session: action.message,
      };
    case 'unreadable':
      return { ...state, error: `The gateway sent ${action.problem}.` };
    case 'closed':
      if (state.status === 'closed') return state;
      return { ...state, status: 'closed', closeReason: describeClose(action.code, action.reason) };
    case 'disconnect':
      return { ...state, status: 'closed', disconnectedByUser: true };
    case 'reconnect':
      return initialDesktopSession;
  }
}
