import { clusterJson } from '@portcullis/gateway/wire';
import { displayDateTime, webRoutes } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import ClusterPage from './ClusterPage';
import { clustersGateway, offline, renderConsoleAt } from './clustersTestGateway';

const root = clusterJson('root', 4);
const leaf1 = clusterJson('leaf-1', 2);
const leaf2 = offline(clusterJson('leaf-2'), '2025-12-31T22:30:00Z');

afterEach(() => localStorage.clear());

async function renderCluster(clusterId: string) {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path={webRoutes.cluster} element={<ClusterPage />} />
        </Routes>
      </Suspense>,
      { path: `/web/cluster/${clusterId}/` },
    );
  });
}

/** The summary's terms and their values, in order. */
const summary = () => {
  const values = screen.getAllByRole('definition').map((d) => d.textContent);
  return screen.getAllByRole('term').map((t, i) => [t.textContent, values[i]]);
};

const links = (area: string) =>
  within(screen.getByRole('navigation', { name: area }))
    .getAllByRole('link')
    .map((l) => [l.textContent, l.getAttribute('href')]);

test('a leaf’s summary from the clusters list, and links to the areas the user may open there', async () => {
  server.use(...userContextHandlers(['nodes', 'activeSessions', 'recordedSessions', 'events']));
  clustersGateway([root, leaf1, leaf2]);
  await renderCluster('leaf-1');
  expect(await screen.findByRole('heading', { name: 'leaf-1', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('online')).toBeInTheDocument();
  expect(summary()).toEqual([
    ['Nodes', '2'],
    ['Public URL', leaf1.publicURL],
    ['Last connected', displayDateTime(leaf1.lastConnected!)],
    ['Auth version', leaf1.authVersion],
    ['Proxy version', leaf1.proxyVersion],
  ]);
  expect(links('Resources')).toEqual([
    ['Servers', '/web/cluster/leaf-1/nodes'],
    ['Active Sessions', '/web/cluster/leaf-1/sessions'],
  ]);
  expect(links('Activity')).toEqual([
    ['Session Recordings', '/web/cluster/leaf-1/recordings'],
    ['Audit Log', '/web/cluster/leaf-1/audit'],
  ]);
  // Pages outside any cluster (users, roles…) are not this page's to offer.
  expect(screen.queryByRole('navigation', { name: 'Access' })).not.toBeInTheDocument();
});

test('an offline leaf still has its page, saying so', async () => {
  server.use(...userContextHandlers(['nodes']));
  clustersGateway([root, leaf1, leaf2]);
  await renderCluster('leaf-2');
  expect(await screen.findByRole('heading', { name: 'leaf-2', level: 1 })).toBeInTheDocument();
  expect(screen.getByText('offline')).toBeInTheDocument();
  expect(links('Resources')).toEqual([['Servers', '/web/cluster/leaf-2/nodes']]);
});

test('a cluster the gateway does not list is not found', async () => {
  server.use(...userContextHandlers(['nodes']));
  clustersGateway([root, leaf1]);
  await renderCluster('nowhere');
  expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
});

test('in the console, any signed-in user opens a cluster’s page, titled with its id', async () => {
  server.use(...userContextHandlers(['nodes']));
  clustersGateway([root, leaf1]);
  await renderConsoleAt('/web/cluster/leaf-1/');
  expect(await screen.findByRole('heading', { name: 'leaf-1', level: 1 })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe('leaf-1 • Cluster'));
});
