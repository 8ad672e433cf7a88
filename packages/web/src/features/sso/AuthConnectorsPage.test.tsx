import { connectorJson, connectorYamlProblem, userContextJson } from '@portcullis/gateway/wire';
import { ThemeProvider } from '@portcullis/design';
import { apiPaths, compilePath, type ResourceJson, StorageKey } from '@portcullis/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { pages } from '../../router/pages';
import { createRoutes } from '../../router/routes';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import AuthConnectorsPage from './AuthConnectorsPage';
import { type ConnectorKind, connectorKinds } from './connectorKinds';

/** The cluster's public address in the gateway's user context, where providers send people back. */
const origin = `https://${userContextJson([]).cluster.publicURL!.replace(/^https?:\/\//, '')}`;

/** The gateway's answer to saving a connector's YAML: its parser's 400 naming line and field, or the connector. */
function saveAnswer(kind: ConnectorKind, content: string) {
  const problem = connectorYamlProblem(kind, content);
  if (problem) return HttpResponse.json({ error: { message: problem } }, { status: 400 });
  const name = /^ {2}name:\s*(\S+)/m.exec(content)?.[1] ?? '';
  return HttpResponse.json({ kind, name, content } satisfies ResourceJson);
}

/** A gateway holding the given connectors, which records what the page sent it. */
function connectorsGateway(
  initial: ResourceJson[],
  areas: Parameters<typeof userContextHandlers>[0] = ['authConnectors'],
) {
  const stored = [...initial];
  const sent: {
    created?: { kind: ConnectorKind; content: string };
    updated?: { kind: ConnectorKind; name: string; content: string };
    deleted?: { kind: ConnectorKind; name: string };
  } = {};
  server.use(
    ...userContextHandlers(areas),
    ...connectorKinds.flatMap(({ kind, path }) => [
      http.get(compilePath(path), () => HttpResponse.json(stored.filter((c) => c.kind === kind))),
      http.post(compilePath(path), async ({ request }) => {
        const { content } = (await request.json()) as { content: string };
        sent.created = { kind, content };
        const answer = saveAnswer(kind, content);
        if (answer.ok) stored.push(await answer.clone().json());
        return answer;
      }),
      http.put(path, async ({ request, params }) => {
        const { content } = (await request.json()) as { content: string };
        sent.updated = { kind, name: params.name as string, content };
        return saveAnswer(kind, content);
      }),
      http.delete(path, ({ params }) => {
        sent.deleted = { kind, name: params.name as string };
        stored.splice(
          stored.findIndex((c) => c.kind === kind && c.name === params.name),
          1,
        );
        return HttpResponse.json({ message: 'ok' });
      }),
    ]),
  );
  return sent;
}

async function renderConnectors() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <AuthConnectorsPage />
      </Suspense>,
      { path: '/web/sso' },
    );
  });
}

/** Replaces the CodeMirror editor's text (it reads its own DOM, so jsdom drives it through its view). */
async function typeYaml(editor: HTMLElement, text: string) {
  const view = (await import('@codemirror/view')).EditorView.findFromDOM(editor)!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Auth connectors' }))
    .getAllByRole('listitem')
    .map((c) => c.getAttribute('aria-label'));

test('a card per connector of every kind, by name, showing its kind', async () => {
  connectorsGateway([
    connectorJson('saml', 'okta'),
    connectorJson('github', 'github'),
    connectorJson('oidc', 'keycloak'),
  ]);
  await renderConnectors();
  await screen.findByRole('list', { name: 'Auth connectors' });
  expect(cardNames()).toEqual(['github', 'keycloak', 'okta']);
  const okta = screen.getByRole('listitem', { name: 'okta' });
  expect(within(okta).getByRole('heading', { name: 'okta' })).toBeInTheDocument();
  expect(within(okta).getByText('SAML')).toBeInTheDocument();
  expect(within(screen.getByRole('listitem', { name: 'keycloak' })).getByText('OIDC')).toBeInTheDocument();
  expect(within(okta).getByRole('button', { name: 'Edit okta' })).toBeInTheDocument();
  expect(within(okta).getByRole('button', { name: 'Delete okta' })).toBeInTheDocument();
});

test('without connectors the page explains what one is and offers to create one', async () => {
  connectorsGateway([]);
  await renderConnectors();
  expect(await screen.findByRole('heading', { name: 'No Auth Connectors Yet' })).toBeInTheDocument();
  expect(
    screen.getByText(/lets people sign in through your organization’s identity provider/),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'New Auth Connector' })).toBeInTheDocument();
});

test('with the keyboard: a new OIDC connector starts from its template; the server’s message naming line and field is shown, then it saves and shows', async () => {
  const sent = connectorsGateway([connectorJson('github', 'github')]);
  await renderConnectors();
  await screen.findByRole('list', { name: 'Auth connectors' });
  const user = userEvent.setup();
  await user.tab();
  expect(screen.getByRole('button', { name: 'New Auth Connector' })).toHaveFocus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu', { name: 'New Auth Connector' });
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  ).toEqual(['OIDC', 'SAML', 'GitHub']);
  await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'OIDC' })).toHaveFocus());
  await user.keyboard('{ArrowDown}');
  expect(within(menu).getByRole('menuitem', { name: 'SAML' })).toHaveFocus();
  await user.keyboard('{ArrowUp}');
  expect(within(menu).getByRole('menuitem', { name: 'OIDC' })).toHaveFocus();
  await user.keyboard('{Enter}');

  const dialog = await screen.findByRole('dialog', { name: 'New OIDC Connector' });
  const editor = within(dialog).getByRole('textbox', { name: 'Connector YAML' });
  expect(editor).toHaveTextContent('kind: oidc');
  expect(editor).toHaveTextContent("# The provider's issuer");
  expect(editor).toHaveTextContent(`redirect_url: ${origin}/v1/webapi/oidc/callback`);

  const yaml = (await import('@codemirror/view')).EditorView.findFromDOM(editor)!.state.doc.toString();
  expect(yaml).toContain('issuer_url: https://idp.example.com');
  const broken = yaml.replace('issuer_url: https://idp.example.com', 'issuer_url: idp.example.com');
  await typeYaml(editor, broken);
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  const line = yaml.split('\n').findIndex((l) => l.includes('issuer_url:')) + 1;
  const problem = connectorYamlProblem('oidc', broken)!;
  expect(problem).toMatch(new RegExp(`^line ${line}: spec\\.issuer_url: `));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(problem);
  expect(sent.created?.kind).toBe('oidc');

  await typeYaml(editor, yaml.replace('name: new-oidc-connector', 'name: keycloak'));
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.created).toEqual({ kind: 'oidc', content: expect.stringContaining('name: keycloak') });
  expect(await screen.findByRole('status')).toHaveTextContent('Auth connector keycloak has been saved.');
  expect(await screen.findByRole('listitem', { name: 'keycloak' })).toBeInTheDocument();
});

test.each([
  ['SAML', 'kind: saml', '/v1/webapi/saml/acs/new-saml-connector'],
  ['GitHub', 'kind: github', '/v1/webapi/github/callback'],
])('a new %s connector starts from its own commented template', async (title, kindLine, callback) => {
  connectorsGateway([]);
  await renderConnectors();
  await userEvent.click(await screen.findByRole('button', { name: 'New Auth Connector' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: title }));
  const dialog = await screen.findByRole('dialog', { name: `New ${title} Connector` });
  const editor = within(dialog).getByRole('textbox', { name: 'Connector YAML' });
  expect(editor).toHaveTextContent(kindLine);
  expect(editor).toHaveTextContent(`${origin}${callback}`);
  expect(editor).toHaveTextContent('#');
});

test('with the pointer: editing opens the stored YAML, says the placeholder keeps the secret, and saves by name to its kind', async () => {
  const github = connectorJson('github', 'github');
  const sent = connectorsGateway([connectorJson('saml', 'okta'), github]);
  await renderConnectors();
  await userEvent.click(await screen.findByRole('button', { name: 'Edit github' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit GitHub Connector github' });
  // The gateway never sends the secret back: its YAML carries a placeholder in its place.
  const placeholder = /client_secret: .+/.exec(github.content)![0];
  expect(within(dialog).getByRole('textbox', { name: 'Connector YAML' })).toHaveTextContent(placeholder);
  expect(
    within(dialog).getByText(/Leave the placeholder as it is to keep the stored secret/),
  ).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(sent.updated).toEqual({ kind: 'github', name: 'github', content: github.content }));
  expect(await screen.findByRole('status')).toHaveTextContent('Auth connector github has been saved.');
});

test('delete asks first; cancelling keeps the connector, confirming deletes it from its kind', async () => {
  const sent = connectorsGateway([connectorJson('saml', 'okta'), connectorJson('github', 'github')]);
  await renderConnectors();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete github' }));
  let dialog = await screen.findByRole('dialog', { name: 'Delete Auth Connector?' });
  expect(dialog).toHaveTextContent('You are about to delete the GitHub connector github.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.deleted).toBeUndefined();

  await userEvent.click(screen.getByRole('button', { name: 'Delete github' }));
  dialog = await screen.findByRole('dialog', { name: 'Delete Auth Connector?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Delete Connector' }));
  await waitFor(() => expect(sent.deleted).toEqual({ kind: 'github', name: 'github' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Auth connector github has been deleted.');
  await waitFor(() => expect(cardNames()).toEqual(['okta']));
});

test('a user who may only list connectors sees the cards without New, Edit or Delete', async () => {
  connectorsGateway([connectorJson('oidc', 'keycloak')]);
  const readOnly = userContextJson(['authConnectors']);
  readOnly.userAcl = { ...readOnly.userAcl, authConnectors: { list: true, read: true } };
  server.use(
    http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () =>
      HttpResponse.json(readOnly),
    ),
  );
  await renderConnectors();
  await screen.findByRole('listitem', { name: 'keycloak' });
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

describe('in the console', () => {
  beforeEach(() => {
    localStorage.setItem(
      StorageKey.TOKEN,
      JSON.stringify({
        accessToken: 't',
        expiresIn: 3600,
        created: Date.now(),
        sessionExpires: '',
        sessionInactiveTimeout: 0,
      }),
    );
    server.use(http.get(apiPaths.userStatus, () => HttpResponse.json({ message: 'ok' })));
  });
  afterEach(() => localStorage.clear());

  async function renderConsoleAt(path: string) {
    const router = createMemoryRouter(createRoutes(pages), { initialEntries: [path] });
    await act(async () => {
      render(
        <ThemeProvider>
          <Provider store={createStore()}>
            <RouterProvider router={router} />
          </Provider>
        </ThemeProvider>,
      );
    });
  }

  test('with the flag the navigation offers the page under Management', async () => {
    connectorsGateway([connectorJson('oidc', 'keycloak')]);
    await renderConsoleAt('/web/sso');
    expect(await screen.findByRole('heading', { name: 'Auth Connectors' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Auth Connectors' })).toHaveAttribute('href', '/web/sso');
    await waitFor(() => expect(document.title).toBe('Auth Connectors'));
  });

  test('without the flag the page is Access Denied and the navigation leaves it out', async () => {
    connectorsGateway([], ['users']);
    await renderConsoleAt('/web/sso');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage Auth Connectors' })).not.toBeInTheDocument();
  });
});
