import type { ResourceJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import {
  adminContext,
  showsText,
  StoryConsole,
  storyStore,
  type StoryBackend,
} from '../../stories/storyGateway';
import AuthConnectorsPage from './AuthConnectorsPage';

const meta: Meta = { title: 'Console/Auth Connectors' };
export default meta;

const connector = (kind: ResourceJson['kind'], name: string): ResourceJson => ({
  kind,
  name,
  content: `kind: ${kind}\nversion: v3\nmetadata:\n  name: ${name}\nspec:\n  client_id: portcullis\n  client_secret: '********'\n`,
});

const withConnectors = (connectors: ResourceJson[]): StoryBackend => ({
  answers: {
    ...adminContext,
    'GET /v1/webapi/oidc/connectors': connectors.filter((c) => c.kind === 'oidc'),
    'GET /v1/webapi/saml/connectors': connectors.filter((c) => c.kind === 'saml'),
    'GET /v1/webapi/github': connectors.filter((c) => c.kind === 'github'),
  },
});

const story = (backend: StoryBackend, play: StoryObj['play']): StoryObj => ({
  play,
  loaders: [async () => ({ store: await storyStore(backend) })],
  render: (_args, { loaded }) => (
    <StoryConsole store={loaded.store} path="/web/sso">
      <AuthConnectorsPage />
    </StoryConsole>
  ),
});

const some = withConnectors([
  connector('oidc', 'keycloak'),
  connector('saml', 'okta'),
  connector('github', 'github'),
]);

export const List = story(some, showsText('keycloak'));

export const Empty = story(withConnectors([]), showsText('No Auth Connectors Yet'));

/** The kind choice, then the editor on that kind's commented template. */
export const NewOidcConnector = story(withConnectors([]), async ({ canvasElement }) => {
  const page = within(canvasElement);
  await userEvent.click(await page.findByRole('button', { name: 'New Auth Connector' }, { timeout: 5000 }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'OIDC' }));
  await screen.findByRole('dialog', { name: 'New OIDC Connector' });
});

/** Editing a stored connector: the note says the secret's placeholder keeps the stored secret. */
export const EditConnector = story(some, async ({ canvasElement }) => {
  const page = within(canvasElement);
  await userEvent.click(await page.findByRole('button', { name: 'Edit okta' }, { timeout: 5000 }));
  await screen.findByRole('dialog', { name: 'Edit SAML Connector okta' });
});

export const ConfirmDelete = story(some, async ({ canvasElement }) => {
  const page = within(canvasElement);
  await userEvent.click(await page.findByRole('button', { name: 'Delete github' }, { timeout: 5000 }));
  await screen.findByRole('dialog', { name: 'Delete Auth Connector?' });
});
