import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, type AnchorHTMLAttributes } from 'react';
import { renderWithTheme } from '../../test/render';
import { DataTable } from './DataTable';
import type { Column } from './types';
import { useCursorPagination, type CursorPage } from './useCursorPagination';

type Node = { hostname: string; addr: string; cpus: number };

const nodes: Node[] = [
  { hostname: 'web-2', addr: '10.0.0.2', cpus: 4 },
  { hostname: 'db-1', addr: '10.0.0.9', cpus: 16 },
  { hostname: 'web-10', addr: '10.0.0.10', cpus: 2 },
  { hostname: 'cache', addr: '10.0.0.5', cpus: 8 },
];

const columns: Column<Node>[] = [
  { key: 'hostname', headerText: 'Hostname', isSortable: true },
  { key: 'addr', headerText: 'Address' },
  { key: 'cpus', headerText: 'CPUs', isSortable: true },
];

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

test('a sortable header is a button: Enter sorts ascending, Enter again descending, and aria-sort says so', async () => {
  const user = userEvent.setup();
  renderWithTheme(<DataTable label="Servers" columns={columns} data={nodes} rowKey={(n) => n.hostname} />);
  await user.tab();
  expect(screen.getByRole('button', { name: 'Hostname' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(firstColumn()).toEqual(['cache', 'db-1', 'web-2', 'web-10']);
  expect(screen.getByRole('columnheader', { name: 'Hostname' })).toHaveAttribute('aria-sort', 'ascending');
  await user.keyboard('{Enter}');
  expect(firstColumn()).toEqual(['web-10', 'web-2', 'db-1', 'cache']);
  expect(screen.getByRole('columnheader', { name: 'Hostname' })).toHaveAttribute('aria-sort', 'descending');
  await user.tab();
  expect(screen.getByRole('button', { name: 'CPUs' })).toHaveFocus();
  await user.keyboard(' ');
  expect(firstColumn()).toEqual(['web-10', 'web-2', 'cache', 'db-1']);
  expect(screen.getByRole('columnheader', { name: 'Hostname' })).not.toHaveAttribute('aria-sort');
});

test('a controlled sort only reports the next order and shows the rows as given', async () => {
  const sorts: unknown[] = [];
  renderWithTheme(
    <DataTable
      label="Servers"
      columns={columns}
      data={nodes}
      rowKey={(n) => n.hostname}
      sort={{ fieldName: 'cpus', dir: 'ASC' }}
      onSort={(s) => sorts.push(s)}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'CPUs' }));
  expect(sorts).toEqual([{ fieldName: 'cpus', dir: 'DESC' }]);
  expect(firstColumn()).toEqual(nodes.map((n) => n.hostname));
});

test('the search box filters rows and says when nothing matches', async () => {
  const user = userEvent.setup();
  renderWithTheme(
    <DataTable label="Servers" columns={columns} data={nodes} rowKey={(n) => n.hostname} isSearchable />,
  );
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'web');
  expect(firstColumn()).toEqual(['web-2', 'web-10']);
  await user.type(screen.getByRole('searchbox'), 'xyz');
  expect(screen.getByText('No results for "webxyz"')).toBeInTheDocument();
});

test('a search matching nothing says so rather than showing the empty state meant for a list with no rows', async () => {
  const user = userEvent.setup();
  const { rerender } = renderWithTheme(
    <DataTable
      label="Servers"
      columns={columns}
      data={nodes}
      rowKey={(n) => n.hostname}
      isSearchable
      emptyState={<p>Add your first server</p>}
    />,
  );
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'xyz');
  expect(screen.getByText('No results for "xyz"')).toBeInTheDocument();
  expect(screen.queryByText('Add your first server')).not.toBeInTheDocument();
  await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
  rerender(
    <DataTable
      label="Servers"
      columns={columns}
      data={[]}
      rowKey={(n) => n.hostname}
      isSearchable
      emptyState={<p>Add your first server</p>}
    />,
  );
  expect(screen.getByText('Add your first server')).toBeInTheDocument();
});

test('client pagination shows pages of pageSize rows', async () => {
  const user = userEvent.setup();
  renderWithTheme(
    <DataTable
      label="Servers"
      columns={columns}
      data={nodes}
      rowKey={(n) => n.hostname}
      pageSize={3}
      initialSort={{ fieldName: 'hostname', dir: 'ASC' }}
    />,
  );
  expect(screen.getByText('Showing 1 - 3 of 4')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(firstColumn()).toEqual(['web-10']);
  expect(screen.getByText('Showing 4 - 4 of 4')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
});

test('loading, error and empty states', async () => {
  const retries: number[] = [];
  const view = renderWithTheme(
    <DataTable
      label="Servers"
      columns={columns}
      data={[]}
      rowKey={(n) => n.hostname}
      fetchStatus="loading"
    />,
  );
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  view.rerender(
    <DataTable
      label="Servers"
      columns={columns}
      data={[]}
      rowKey={(n) => n.hostname}
      fetchStatus="error"
      errorText="boom"
      onRetry={() => retries.push(1)}
    />,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('boom');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(retries).toEqual([1]);
  view.rerender(
    <DataTable
      label="Servers"
      columns={columns}
      data={[]}
      rowKey={(n) => n.hostname}
      emptyText="No servers yet"
    />,
  );
  expect(screen.getByText('No servers yet')).toBeInTheDocument();
});

test('several row actions open a menu for that row', async () => {
  const picked: string[] = [];
  renderWithTheme(
    <DataTable
      label="Servers"
      columns={columns}
      data={nodes}
      rowKey={(n) => n.hostname}
      rowActions={(n) => [
        { label: 'Connect', onSelect: () => picked.push(n.hostname) },
        { label: 'Delete', danger: true },
      ]}
    />,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Actions for cache' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Connect' }));
  expect(picked).toEqual(['cache']);
});

test('a single row action is a button of its own, or a link when it navigates', async () => {
  const picked: string[] = [];
  renderWithTheme(
    <DataTable
      label="Servers"
      columns={columns}
      data={nodes}
      rowKey={(n) => n.hostname}
      rowActions={(n) =>
        n.hostname === 'cache'
          ? [{ label: 'Connect', onSelect: () => picked.push(n.hostname) }]
          : [{ label: 'Play', to: `/play/${n.hostname}` }]
      }
    />,
  );
  expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Connect cache' }));
  expect(picked).toEqual(['cache']);
  expect(screen.getByRole('link', { name: 'Play web-2' })).toHaveAttribute('href', '/play/web-2');
});

test("row actions that navigate go through the app's router link when given one, single or in a menu", async () => {
  const followed: string[] = [];
  // A stand-in for react-router's Link: it takes `to` and navigates without a page load.
  const RouterLink = ({ to, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) => (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        e.preventDefault();
        followed.push(to);
      }}
    >
      {children}
    </a>
  );
  renderWithTheme(
    <DataTable
      label="Servers"
      columns={columns}
      data={nodes}
      rowKey={(n) => n.hostname}
      linkAs={RouterLink}
      rowActions={(n) =>
        n.hostname === 'cache'
          ? [
              { label: 'Play', to: `/play/${n.hostname}` },
              { label: 'Details', to: `/details/${n.hostname}` },
            ]
          : [{ label: 'Play', to: `/play/${n.hostname}` }]
      }
    />,
  );
  await userEvent.click(screen.getByRole('link', { name: 'Play web-2' }));
  await userEvent.click(screen.getByRole('button', { name: 'Actions for cache' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Details' }));
  expect(followed).toEqual(['/play/web-2', '/details/cache']);
});

test('a virtualised body renders only the rows in view of a very long list', () => {
  const many = Array.from({ length: 10_000 }, (_, i) => ({
    hostname: `host-${i}`,
    addr: `10.1.${i >> 8}.${i & 255}`,
    cpus: i % 32,
  }));
  renderWithTheme(
    <DataTable
      label="Servers"
      columns={columns}
      data={many}
      rowKey={(n) => n.hostname}
      virtualHeight={480}
    />,
  );
  const bodyRows =
    screen.getAllByRole('row').filter((r) => r.getAttribute('aria-hidden') !== 'true').length - 1;
  expect(bodyRows).toBeGreaterThan(0);
  expect(bodyRows).toBeLessThan(40);
  expect(firstColumn()[0]).toBe('host-0');
});

test('server paging walks forward and back over a stack of start keys', async () => {
  const all = Array.from({ length: 5 }, (_, i) => ({ hostname: `n${i}`, addr: `10.0.0.${i}`, cpus: 1 }));
  const asked: (string | undefined)[] = [];
  const server = async (startKey: string | undefined): Promise<CursorPage<Node>> => {
    asked.push(startKey);
    const from = startKey ? Number(startKey) : 0;
    return {
      items: all.slice(from, from + 2),
      startKey: from + 2 < all.length ? String(from + 2) : undefined,
      totalCount: all.length,
    };
  };
  function Paged() {
    const fetchPage = useCallback(server, []);
    const { items, fetchStatus, paging } = useCursorPagination(fetchPage, 2);
    return (
      <DataTable
        label="Nodes"
        columns={columns}
        data={items}
        rowKey={(n) => n.hostname}
        fetchStatus={fetchStatus}
        serverPaging={paging}
      />
    );
  }
  const user = userEvent.setup();
  renderWithTheme(<Paged />);
  await screen.findByText('Showing 1 - 2 of 5');
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await screen.findByText('Showing 3 - 4 of 5');
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await screen.findByText('Showing 5 - 5 of 5');
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  await screen.findByText('Showing 3 - 4 of 5');
  expect(firstColumn()).toEqual(['n2', 'n3']);
  await act(async () => {});
  await waitFor(() => expect(asked).toEqual([undefined, '2', '4', '2']));
});
