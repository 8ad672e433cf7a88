import { apiPaths, compilePath, type KubeJson } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import KubernetesPage from './KubernetesPage';

// As the gateway presents a cluster: its labels, and the Kubernetes users and groups the caller's roles grant on it.
const staging: KubeJson = {
  name: 'staging',
  labels: [{ name: 'env', value: 'staging' }],
  kubernetes_users: ['alice', 'viewer'],
  kubernetes_groups: ['developers'],
};
const production: KubeJson = {
  name: 'production',
  labels: [],
  kubernetes_users: ['alice'],
  kubernetes_groups: ['system:masters'],
};

const kubernetesPath = compilePath(apiPaths.kubernetes, { clusterId: 'main' });
/** List requests as the page made them. */
let requests: URL[] = [];

beforeAll(() => {
  // The console calls its own origin with relative paths, which a browser resolves against the page and
  // Node's fetch (behind msw) does not: resolve them here like the browser would.
  const intercepted = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    intercepted(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
});

beforeEach(() => {
  requests = [];
  server.use(
    ...userContextHandlers(['kubeServers'], 'alice'),
    http.get(`*${kubernetesPath}`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      return HttpResponse.json({ items: [staging, production], startKey: '', totalCount: 2 });
    }),
  );
});

async function renderKubernetes() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path="/web/cluster/:clusterId/kubernetes" element={<KubernetesPage />} />
        </Routes>
      </Suspense>,
      { path: '/web/cluster/main/kubernetes' },
    );
  });
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

test('lists the cluster’s Kubernetes clusters from the gateway, first page sorted by name, under the Kubernetes heading', async () => {
  await renderKubernetes();
  expect(await screen.findByRole('heading', { level: 1, name: 'Kubernetes' })).toBeInTheDocument();
  expect(
    within(await rowOf('staging'))
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['staging', 'env: staging', 'alice, viewer', 'developers', 'Connect']);
  expect(requests.map((u) => Object.fromEntries(u.searchParams))).toEqual([
    { limit: '15', sort: 'name:asc' },
  ]);
});

test('Connect shows kubectl signing in to this console’s gateway as the signed-in user, and opens a terminal on a pod in a new tab', async () => {
  const user = userEvent.setup();
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  await renderKubernetes();
  await user.click(within(await rowOf('production')).getByRole('button', { name: 'Connect to production' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect to production' });
  // Text matching joins the three lines with spaces.
  expect(
    within(dialog).getByText(
      'portcullis login --proxy http://localhost --user alice portcullis kube login production kubectl get pods',
    ),
  ).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Pod *' }), 'api-0');
  await user.click(within(dialog).getByRole('button', { name: 'Open terminal' }));
  await waitFor(() =>
    expect(open).toHaveBeenCalledWith(
      '/web/cluster/main/console/kube/exec/production?namespace=default&pod=api-0&command=%2Fbin%2Fsh&kubernetes_user=alice',
      '_blank',
      'noopener',
    ),
  );
  open.mockRestore();
});
