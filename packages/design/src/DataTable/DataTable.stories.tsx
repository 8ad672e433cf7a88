import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback } from 'react';
import { Button } from '../Button';
import { EmptyState } from '../EmptyState';
import { Label, ResourceLabels } from '../Label';
import { DataTable } from './DataTable';
import type { Column, DataTableProps } from './types';
import { useCursorPagination, type CursorPage } from './useCursorPagination';

type Server = { hostname: string; addr: string; labels: { name: string; value: string }[]; tunnel: boolean };

// Deterministic rows so screenshots do not change between runs.
const servers: Server[] = Array.from({ length: 24 }, (_, i) => ({
  hostname: `${['web', 'db', 'cache', 'queue'][i % 4]}-${i + 1}`,
  addr: `10.0.${Math.floor(i / 8)}.${(i * 7) % 250}`,
  labels: [
    { name: 'env', value: i % 3 === 0 ? 'prod' : 'staging' },
    { name: 'region', value: i % 2 ? 'eu-west-1' : 'us-east-2' },
  ],
  tunnel: i % 5 === 0,
}));

const columns: Column<Server>[] = [
  { key: 'hostname', headerText: 'Hostname', isSortable: true },
  { key: 'addr', headerText: 'Address', isSortable: true },
  { key: 'labels', headerText: 'Labels', render: (s) => <ResourceLabels labels={s.labels} /> },
  {
    key: 'tunnel',
    headerText: 'Connection',
    render: (s) => (s.tunnel ? <Label kind="info">tunnel</Label> : <Label>direct</Label>),
  },
];

const base: DataTableProps<Server> = {
  label: 'Servers',
  columns,
  data: servers.slice(0, 6),
  rowKey: (s) => s.hostname,
};

const meta = { title: 'Design/DataTable', component: DataTable<Server>, args: base } satisfies Meta<
  typeof DataTable<Server>
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Sorted: Story = { args: { initialSort: { fieldName: 'hostname', dir: 'DESC' } } };
export const Searchable: Story = { args: { isSearchable: true } };
export const ClientPagination: Story = { args: { data: servers, pageSize: 5, isSearchable: true } };
export const RowActions: Story = {
  args: {
    rowActions: () => [
      { label: 'Connect', onSelect: () => {} },
      { label: 'Delete', onSelect: () => {}, danger: true },
    ],
  },
};
export const Loading: Story = { args: { data: [], fetchStatus: 'loading' } };
export const Error: Story = {
  args: {
    data: [],
    fetchStatus: 'error',
    errorText: 'Could not list servers: permission denied',
    onRetry: () => {},
  },
};
export const Empty: Story = { args: { data: [], emptyText: 'No servers yet' } };
export const EmptyWithAction: Story = {
  args: {
    data: [],
    emptyState: (
      <EmptyState
        title="No servers yet"
        description="Add a server to see it here."
        action={<Button>Add server</Button>}
      />
    ),
  },
};
export const FetchMore: Story = { args: { fetchMore: { hasMore: true, onFetchMore: () => {} } } };

const many = Array.from({ length: 10_000 }, (_, i) => ({
  ...servers[i % servers.length]!,
  hostname: `node-${i}`,
}));
export const Virtualised: Story = { args: { data: many, virtualHeight: 360, label: 'Ten thousand servers' } };

function ServerPaged() {
  // Stands in for the gateway: pages of 5 with numeric start keys.
  const fetchPage = useCallback(async (startKey: string | undefined): Promise<CursorPage<Server>> => {
    const from = Number(startKey ?? 0);
    return {
      items: servers.slice(from, from + 5),
      startKey: from + 5 < servers.length ? String(from + 5) : undefined,
      totalCount: servers.length,
    };
  }, []);
  const { items, fetchStatus, paging } = useCursorPagination(fetchPage, 5);
  return <DataTable {...base} data={items} fetchStatus={fetchStatus} serverPaging={paging} />;
}
export const ServerPagination: Story = { render: () => <ServerPaged /> };
