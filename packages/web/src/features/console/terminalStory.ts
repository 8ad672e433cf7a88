import type { SessionInfo } from '@portcullis/shared';
import { showsText } from '../../stories/storyGateway';

/**
 * A terminal story's play step: it waits for `text`, then takes the focus off the terminal, whose cursor
 * blinks while focused, so a screenshot would catch it on or off.
 */
export const showsTextUnfocused =
  (text: string | RegExp) =>
  async (context: { canvasElement: HTMLElement }) => {
    await showsText(text)(context);
    (document.activeElement as HTMLElement | null)?.blur();
  };

const party = (user: string) => ({
  id: `party-${user}`,
  user,
  remote_addr: '10.0.0.9',
  server_id: 'web-1-id',
  last_active: '2026-01-01T10:00:00Z',
});

/** alice's ssh session on web-1 as root, bob joined: what the terminal stories' session message carries. */
export const storySession = (id: string, terminal: SessionInfo['terminal_params']): SessionInfo => ({
  kind: 'ssh',
  id,
  namespace: 'default',
  login: 'root',
  server_id: 'web-1-id',
  server_hostname: 'web-1',
  server_addr: '10.0.0.1:22',
  cluster_name: 'localhost',
  created: '2026-01-01T10:00:00Z',
  last_active: '2026-01-01T10:00:00Z',
  terminal_params: terminal,
  parties: [party('alice'), party('bob')],
});
