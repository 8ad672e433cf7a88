import { ThemeProvider } from '@portcullis/design';
import { type KubeJson, type ListQuery, makeKube } from '@portcullis/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FetchKubes } from './kubeService';
import { KubeList } from './KubeList';

const staging: KubeJson = {
  name: 'staging',
  labels: [
    { name: 'team', value: 'shop' },
    { name: 'env', value: 'staging' },
  ],
  kubernetes_users: ['alice', 'viewer'],
  kubernetes_groups: ['developers', 'system:authenticated'],
};
const production: KubeJson = {
  name: 'production',
  kubernetes_users: ['alice'],
  kubernetes_groups: ['system:masters'],
};
const lab: KubeJson = { name: 'lab' };

/** Two pages, as the gateway sends them: staging and production, then lab after the cursor. */
let queries: ListQuery[];
const fetchKubes: FetchKubes = async (query) => {
  queries.push(query);
  if (query.startKey === 'cursor-2') return { kubes: [makeKube(lab)], startKey: '', totalCount: 3 };
  const kubes = [staging, production]
    .filter((k) => !query.search || k.name.includes(query.search))
    .map(makeKube);
  return { kubes, startKey: query.search ? '' : 'cursor-2', totalCount: query.search ? kubes.length : 3 };
};
beforeEach(() => (queries = []));

const renderList = () =>
  render(
    <ThemeProvider>
      <KubeList clusterId="main" fetchKubes={fetchKubes} proxy="https://gw.example.com" username="alice" />
    </ThemeProvider>,
  );
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
const firstPage = {
  clusterId: 'main',
  limit: 15,
  startKey: undefined,
  search: undefined,
  sort: { fieldName: 'name', dir: 'ASC' },
};

test('lists the first page sorted by name, with labels and the users and groups the roles grant; Next asks for the next page', async () => {
  const user = userEvent.setup();
  renderList();
  await rowOf('staging');
  const table = screen.getByRole('table', { name: 'Kubernetes clusters' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Name', 'Labels', 'Users', 'Groups', '']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => [cells(r)[0], ...cells(r).slice(2, 4)])).toEqual([
    ['staging', 'alice, viewer', 'developers, system:authenticated'],
    ['production', 'alice', 'system:masters'],
  ]);
  expect(
    within(rows[0]!)
      .getAllByText(/^(env|team): /)
      .map((l) => l.textContent),
  ).toEqual(['env: staging', 'team: shop']);
  expect(queries).toEqual([firstPage]);
  expect(screen.getByText('Showing 1 - 2 of 3')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(cells(await rowOf('lab')).slice(0, 4)).toEqual(['lab', '', '', '']);
  expect(queries.at(-1)).toEqual({ ...firstPage, startKey: 'cursor-2' });
});

test('a search goes to the server after a typing pause, from the first page', async () => {
  const user = userEvent.setup();
  renderList();
  await rowOf('staging');
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'prod');
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'staging' })).toBeNull());
  expect(screen.getByRole('cell', { name: 'production' })).toBeInTheDocument();
  expect(queries.at(-1)).toEqual({ ...firstPage, search: 'prod' });
});

test('Connect opens the cluster’s dialog, with its Kubernetes users to choose from', async () => {
  const user = userEvent.setup();
  renderList();
  await user.click(within(await rowOf('staging')).getByRole('button', { name: 'Connect to staging' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect to staging' });
  expect(within(dialog).getByRole('combobox', { name: 'Kubernetes user' })).toBeInTheDocument();
  await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[1]!);
  expect(screen.queryByRole('dialog')).toBeNull();
});
