import { clusterJson } from '@portcullis/gateway/wire';
import { lightTheme } from '@portcullis/design';
import { apiPaths } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import { clustersGateway, offline } from '../clusters/clustersTestGateway';
import { TopBar } from './TopBar';

/** The colour the text is drawn in: jsdom does not resolve inheritance, so walk up to the first colour set. */
function drawnColour(el: Element | null): string {
  for (; el; el = el.parentElement) {
    const { color } = getComputedStyle(el);
    if (color && color !== 'inherit') return color;
  }
  return '';
}

test('the bar starts with the product’s mark and name, then the cluster', async () => {
  const asked = clustersGateway([clusterJson('prod')]);
  renderPage(<TopBar clusterId="prod" username="alice" />);
  await waitFor(() => expect(asked.times).toBe(1));
  await act(async () => {});
  const banner = within(screen.getByRole('banner'));
  const product = banner.getByText('Portcullis');
  expect(product.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  expect(product.compareDocumentPosition(banner.getByText('Cluster: prod')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('with one cluster its name is plain text, neither a link nor coloured like one', async () => {
  const asked = clustersGateway([clusterJson('prod')]);
  renderPage(<TopBar clusterId="prod" username="alice" />);
  await waitFor(() => expect(asked.times).toBe(1));
  // Let the answer reach the bar before checking that it offers no switch.
  await act(async () => {});
  expect(screen.queryByRole('button', { name: /Cluster/ })).not.toBeInTheDocument();
  const cluster = within(screen.getByRole('banner')).getByText(/prod/);
  expect(cluster.closest('a')).toBeNull();
  const brand = document.createElement('span');
  brand.style.color = lightTheme.colors.brand;
  expect(drawnColour(cluster)).not.toBe(brand.style.color);
});

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

test('the user menu leads to every page the side navigation does not list, Settings included', async () => {
  clustersGateway([clusterJson('prod')]);
  const user = userEvent.setup();
  renderPage(
    <>
      <TopBar clusterId="prod" username="alice" />
      <Location />
    </>,
  );
  await user.click(screen.getByRole('button', { name: 'alice' }));
  expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Account Settings', 'Settings', 'Help & Support', 'Logout']);
  await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
  expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/web/settings');
});

function renderBarAt(path: string) {
  renderPage(
    <>
      <TopBar clusterId="root" username="alice" />
      <Location />
    </>,
    { path },
  );
}

const location = () => screen.getByRole('status', { name: 'location' });

test('with the keyboard: the switcher names the page’s cluster, lists every cluster (offline ones marked), and opens the same page in the one chosen', async () => {
  clustersGateway([clusterJson('root'), clusterJson('leaf-1'), offline(clusterJson('leaf-2'), '2025-12-31T22:00:00Z')]);
  renderBarAt('/web/cluster/leaf-1/nodes');
  const user = userEvent.setup();
  // The page's cluster, not the one signed in to.
  const trigger = await screen.findByRole('button', { name: 'Cluster: leaf-1' });
  await user.tab();
  expect(trigger).toHaveFocus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu', { name: 'Cluster: leaf-1' });
  const items = within(menu).getAllByRole('menuitem');
  expect(items.map((i) => i.textContent)).toEqual(['root', 'leaf-1', 'leaf-2 (offline)']);
  expect(items.map((i) => i.getAttribute('href'))).toEqual([
    '/web/cluster/root/nodes',
    '/web/cluster/leaf-1/nodes',
    '/web/cluster/leaf-2/nodes',
  ]);
  await waitFor(() => expect(items[0]).toHaveFocus());
  await user.keyboard('{ArrowDown}');
  expect(items[1]).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(items[2]).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(location()).toHaveTextContent('/web/cluster/leaf-2/nodes');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cluster: leaf-2' })).toBeInTheDocument();
});

test('with the pointer: from a page outside any cluster the chosen cluster’s own page opens', async () => {
  clustersGateway([clusterJson('root'), clusterJson('leaf-1')]);
  renderBarAt('/web/users');
  const user = userEvent.setup();
  // Outside any cluster's pages the cluster is the one signed in to.
  await user.click(await screen.findByRole('button', { name: 'Cluster: root' }));
  await user.click(screen.getByRole('menuitem', { name: 'leaf-1' }));
  expect(location()).toHaveTextContent('/web/cluster/leaf-1/');
  expect(screen.getByRole('button', { name: 'Cluster: leaf-1' })).toBeInTheDocument();
});

test('when the clusters list cannot be read the bar still names the cluster, without a switch', async () => {
  let asked = false;
  server.use(
    http.get(apiPaths.clusters, () => {
      asked = true;
      return HttpResponse.json({ error: { message: 'boom' } }, { status: 500 });
    }),
  );
  renderBarAt('/web/cluster/leaf-1/nodes');
  await waitFor(() => expect(asked).toBe(true));
  await act(async () => {});
  expect(within(screen.getByRole('banner')).getByText('Cluster: leaf-1')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Cluster/ })).not.toBeInTheDocument();
});
