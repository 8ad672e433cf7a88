import { clusterJson, userContextJson } from '@portcullis/gateway/wire';
import { apiPaths, compilePath, type ResourceJson } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import { clustersGateway, renderConsoleAt } from '../clusters/clustersTestGateway';
import { newTrustedClusterTemplate } from './newTrustedClusterTemplate';
import TrustedClustersPage from './TrustedClustersPage';

/** The YAML of a trusted cluster joining root `name`, as a user writes it (and the gateway returns it). */
const trustedClusterYaml = (name: string, o: { enabled?: boolean; web?: string; token?: string } = {}) =>
  newTrustedClusterTemplate
    .replace('name: root.example.com', `name: ${name}`)
    .replace('enabled: true', `enabled: ${o.enabled ?? true}`)
    .replace('web_proxy_addr: root.example.com:3080', `web_proxy_addr: ${o.web ?? `${name}:3080`}`)
    .replace('token: replace-with-the-join-token', `token: ${o.token ?? 'issued-token'}`);

const trustedCluster = (name: string, o?: Parameters<typeof trustedClusterYaml>[1]): ResourceJson => ({
  kind: 'trusted_cluster',
  name,
  content: trustedClusterYaml(name, o),
});

/** What the root says of a token it never issued, as the gateway passes it on. */
const refusedToken = 'the root refused the join token: invalid or expired join token';

/**
 * A leaf's gateway holding the given trusted clusters, which records what the page sent it. Joining succeeds
 * only with the token the root issued (`issued-token`), as the gateway joins the root before it answers.
 */
function trustGateway(
  initial: ResourceJson[],
  areas: Parameters<typeof userContextHandlers>[0] = ['trustedClusters'],
) {
  const stored = [...initial];
  const sent: { created: string[]; updated?: { name: string; content: string }; deleted?: string } = {
    created: [],
  };
  const path = apiPaths.trustedClusters;
  server.use(
    ...userContextHandlers(areas),
    http.get(compilePath(path), () => HttpResponse.json(stored)),
    http.post(compilePath(path), async ({ request }) => {
      const { content } = (await request.json()) as { content: string };
      sent.created.push(content);
      if (!content.includes('token: issued-token'))
        return HttpResponse.json({ error: { message: refusedToken } }, { status: 400 });
      const saved: ResourceJson = {
        kind: 'trusted_cluster',
        name: /^ {2}name:\s*(\S+)/m.exec(content)![1]!,
        content,
      };
      stored.push(saved);
      return HttpResponse.json(saved);
    }),
    http.put(path, async ({ request, params }) => {
      const { content } = (await request.json()) as { content: string };
      sent.updated = { name: params.name as string, content };
      return HttpResponse.json({
        kind: 'trusted_cluster',
        name: params.name as string,
        content,
      } satisfies ResourceJson);
    }),
    http.delete(path, ({ params }) => {
      sent.deleted = params.name as string;
      stored.splice(
        stored.findIndex((c) => c.name === params.name),
        1,
      );
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  return sent;
}

async function renderTrust() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <TrustedClustersPage />
      </Suspense>,
      { path: '/web/trust' },
    );
  });
}

/** Replaces the CodeMirror editor's text (it reads its own DOM, so jsdom drives it through its view). */
async function typeYaml(editor: HTMLElement, text: string) {
  const view = (await import('@codemirror/view')).EditorView.findFromDOM(editor)!;
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }));
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Trusted clusters' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent),
    );

test('a row per root this cluster joined, by name: whether it is enabled and the root’s web address', async () => {
  trustGateway([
    trustedCluster('root-b.example.com', { enabled: false }),
    trustedCluster('root-a.example.com', { web: 'https://portal.example.com:443' }),
  ]);
  await renderTrust();
  await screen.findByRole('table', { name: 'Trusted clusters' });
  expect(rows()).toEqual([
    ['root-a.example.com', 'enabled', 'https://portal.example.com:443'],
    ['root-b.example.com', 'disabled', 'root-b.example.com:3080'],
  ]);
  expect(screen.getByRole('button', { name: 'Actions for root-a.example.com' })).toBeInTheDocument();
});

test('without trusted clusters the page explains what one is and offers to add one', async () => {
  trustGateway([]);
  await renderTrust();
  expect(await screen.findByRole('heading', { name: 'No Trusted Clusters Yet' })).toBeInTheDocument();
  expect(screen.getByText(/joins this cluster to a root cluster as a leaf/)).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Add Trusted Cluster' })).toHaveLength(1);
});

test('adding starts from the commented template; the root’s refusal shows in the editor, then with the issued token it joins and lists', async () => {
  const sent = trustGateway([]);
  await renderTrust();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add Trusted Cluster' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Trusted Cluster' });
  const editor = within(dialog).getByRole('textbox', { name: 'Trusted cluster YAML' });
  expect(editor).toHaveTextContent('kind: trusted_cluster');
  expect(editor).toHaveTextContent(
    '# A join token the root issued for trusted clusters (roles: [Trusted_cluster]).',
  );
  expect(within(dialog).getByText(/Saving joins the root now/)).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusedToken);
  expect(sent.created).toEqual([newTrustedClusterTemplate]);
  expect(screen.getByRole('dialog', { name: 'Add Trusted Cluster' })).toBeInTheDocument();

  await typeYaml(editor, newTrustedClusterTemplate.replace('replace-with-the-join-token', 'issued-token'));
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.created).toHaveLength(2);
  expect(await screen.findByRole('status')).toHaveTextContent('This cluster has joined root.example.com.');
  await waitFor(() => expect(rows()).toEqual([['root.example.com', 'enabled', 'root.example.com:3080']]));
});

test('editing opens the stored YAML and saves it by name', async () => {
  const stored = trustedCluster('root.example.com');
  const sent = trustGateway([stored]);
  await renderTrust();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for root.example.com' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Trusted Cluster root.example.com' });
  const editor = within(dialog).getByRole('textbox', { name: 'Trusted cluster YAML' });
  expect(editor).toHaveTextContent('web_proxy_addr: root.example.com:3080');
  expect(
    within(dialog).getByText(/the token shows as used: leave it as it is to keep that identity/),
  ).toBeInTheDocument();
  await typeYaml(editor, stored.content.replace('enabled: true', 'enabled: false'));
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(sent.updated?.name).toBe('root.example.com'));
  expect(sent.updated?.content).toContain('enabled: false');
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Trusted cluster root.example.com has been saved.',
  );
});

test('delete asks first; cancelling keeps the trusted cluster, confirming deletes it', async () => {
  const sent = trustGateway([trustedCluster('root-a.example.com'), trustedCluster('root-b.example.com')]);
  await renderTrust();
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for root-b.example.com' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
  let dialog = await screen.findByRole('dialog', { name: 'Delete Trusted Cluster?' });
  expect(dialog).toHaveTextContent('You are about to delete the trusted cluster root-b.example.com.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.deleted).toBeUndefined();

  await user.click(screen.getByRole('button', { name: 'Actions for root-b.example.com' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
  dialog = await screen.findByRole('dialog', { name: 'Delete Trusted Cluster?' });
  await user.click(within(dialog).getByRole('button', { name: 'Yes, Delete Trusted Cluster' }));
  await waitFor(() => expect(sent.deleted).toBe('root-b.example.com'));
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Trusted cluster root-b.example.com has been deleted.',
  );
  await waitFor(() => expect(rows().map((r) => r[0])).toEqual(['root-a.example.com']));
});

test('a user who may only list trusted clusters sees them without Add, Edit or Delete', async () => {
  trustGateway([trustedCluster('root.example.com')]);
  const readOnly = userContextJson(['trustedClusters']);
  readOnly.userAcl = { ...readOnly.userAcl, trustedClusters: { list: true, read: true } };
  server.use(
    http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () =>
      HttpResponse.json(readOnly),
    ),
  );
  await renderTrust();
  await screen.findByRole('table', { name: 'Trusted clusters' });
  // The only button left is the table's own sort.
  expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Root Cluster']);
});

describe('in the console', () => {
  afterEach(() => localStorage.clear());

  test('with the flag the page shows, titled, under Management', async () => {
    trustGateway([trustedCluster('root.example.com')]);
    clustersGateway([clusterJson('localhost')]);
    await renderConsoleAt('/web/trust');
    expect(await screen.findByRole('heading', { name: 'Trusted Clusters' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Trusted Clusters' })).toHaveAttribute('href', '/web/trust');
    await waitFor(() => expect(document.title).toBe('Trusted Clusters'));
  });

  test('without the flag the page is Access Denied', async () => {
    trustGateway([], ['nodes']);
    clustersGateway([clusterJson('localhost')]);
    await renderConsoleAt('/web/trust');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Trusted Clusters' })).not.toBeInTheDocument();
  });
});
