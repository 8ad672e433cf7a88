import { clusterJson } from '@portcullis/gateway/wire';
import { displayDateTime } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import ClustersPage from './ClustersPage';
import { clustersGateway, offline, renderConsoleAt } from './clustersTestGateway';

const root = clusterJson('root', 4);
const leaf1 = clusterJson('leaf-1', 2);
const leaf2 = offline(clusterJson('leaf-2'), '2025-12-31T22:30:00Z');

async function renderClusters() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <ClustersPage />
      </Suspense>,
      { path: '/web/clusters' },
    );
  });
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

test('a row per cluster, this one first as the gateway lists them, each name leading to its cluster page', async () => {
  clustersGateway([root, leaf1, leaf2]);
  await renderClusters();
  const table = await screen.findByRole('table', { name: 'Clusters' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => cellTexts(r)[0])).toEqual(['root', 'leaf-1', 'leaf-2']);
  expect(within(rows[1]!).getByRole('link', { name: 'leaf-1' })).toHaveAttribute(
    'href',
    '/web/cluster/leaf-1/',
  );
  expect(cellTexts(rows[0]!)).toEqual([
    'root',
    'online',
    displayDateTime(root.lastConnected!),
    '4',
    root.publicURL,
    `Auth ${root.authVersion}Proxy ${root.proxyVersion}`,
  ]);
  expect(cellTexts(rows[2]!).slice(1, 4)).toEqual(['offline', displayDateTime('2025-12-31T22:30:00Z'), '0']);
});

describe('in the console', () => {
  afterEach(() => localStorage.clear());

  test('with the flag the page shows under Management, beside Trusted Clusters, and the top bar offers the leaves', async () => {
    server.use(...userContextHandlers(['trustedClusters']));
    clustersGateway([clusterJson('localhost'), leaf1]);
    await renderConsoleAt('/web/clusters');
    expect(await screen.findByRole('heading', { name: 'Manage Clusters' })).toBeInTheDocument();
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: 'Cluster: localhost' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Clusters' })).toHaveAttribute('href', '/web/clusters');
    expect(screen.getByRole('link', { name: 'Trusted Clusters' })).toHaveAttribute('href', '/web/trust');
    await waitFor(() => expect(document.title).toBe('Manage Clusters'));
  });

  test('without the flag the page is Access Denied and the navigation leaves both pages out', async () => {
    server.use(...userContextHandlers(['nodes']));
    clustersGateway([root, leaf1]);
    await renderConsoleAt('/web/clusters');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage Clusters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Trusted Clusters' })).not.toBeInTheDocument();
  });
});
