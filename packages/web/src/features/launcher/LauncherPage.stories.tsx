import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen } from 'storybook/test';
import { showsText, type StoryAnswers, StoryConsole, storyStore } from '../../stories/storyGateway';
import LauncherPage from './LauncherPage';

const meta: Meta = { title: 'Console/Launcher', parameters: { layout: 'fullscreen' } };
export default meta;

const detailsPath = '/v1/webapi/apps/grafana.example.com/localhost/grafana.example.com';
const details = { fqdn: 'grafana.example.com', clusterId: 'localhost', publicAddr: 'grafana.example.com' };

/**
 * Canned answers don't cover what these states need (an answer that never comes, a 403, a 404 with the
 * gateway's message), so `special` answers those calls first. No story lets the launch finish: its form post
 * would leave Storybook for the app's host.
 */
const launching = (
  answers: StoryAnswers,
  special: (method: string, path: string) => Promise<Response> | undefined,
  play: StoryObj['play'],
): StoryObj => {
  const backend = { answers };
  return {
    play,
    loaders: [
      async () => {
        const store = await storyStore(backend);
        const canned = window.fetch;
        window.fetch = (input, init) => {
          const path = new URL(String(input instanceof Request ? input.url : input), window.location.origin).pathname;
          return special((init?.method ?? 'GET').toUpperCase(), path) ?? canned(input, init);
        };
        return { store };
      },
    ],
    render: (_args, { loaded }) => (
      <StoryConsole store={loaded.store} route="/web/launch/:fqdn/:clusterId?/:publicAddr?/:arn?" path={`/web/launch/${details.fqdn}/localhost/${details.publicAddr}`}>
        <LauncherPage />
      </StoryConsole>
    ),
  };
};

/** Waiting for the gateway: the app's details never come. */
export const Launching = launching({}, (_method, path) => (path === detailsPath ? new Promise<Response>(() => {}) : undefined), showsText('Launching the application…'));

/** The user's roles require a second factor for every session: the prompt over the launcher. */
export const SecondFactor = launching(
  { [detailsPath]: details, 'POST /v1/webapi/mfa/authenticatechallenge': { totp_challenge: true } },
  (method, path) =>
    method === 'POST' && path === '/v1/webapi/sessions/app'
      ? Promise.resolve(Response.json({ error: { message: 'a second factor is required for every session, and none was given' } }, { status: 403 }))
      : undefined,
  async () => {
    await screen.findByRole('dialog', { name: 'Verify Your Identity' }, { timeout: 5000 });
  },
);

/** The app is unknown, or this user may not reach it: the gateway's message and the way back. */
export const Failed = launching(
  {},
  (_method, path) =>
    path === detailsPath
      ? Promise.resolve(Response.json({ error: { message: 'application "grafana.example.com" not found' } }, { status: 404 }))
      : undefined,
  showsText('application "grafana.example.com" not found'),
);
