import type { FetchDesktops } from '@portcullis/console-kit';
import { desktopJson } from '@portcullis/gateway/wire';
import { type ListQuery, makeDesktop } from '@portcullis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import DesktopsPage from './DesktopsPage';

const winJson = desktopJson(
  { name: 'win-1', os: 'windows', addr: '10.0.3.7:3389', labels: { team: 'ops', env: 'prod' } },
  ['Administrator', 'alice'],
);
const kioskJson = desktopJson({ name: 'kiosk', os: 'linux', addr: '10.0.3.9:5900' });

let queries: ListQuery[];
const fetchDesktops: FetchDesktops = async (query) => {
  queries.push(query);
  const desktops = [winJson, kioskJson]
    .filter((d) => !query.search || d.name.includes(query.search))
    .map(makeDesktop);
  return { desktops, startKey: '', totalCount: desktops.length };
};
beforeEach(() => (queries = []));

const renderDesktops = () =>
  renderPage(
    <Routes>
      <Route
        path="/web/cluster/:clusterId/desktops"
        element={<DesktopsPage fetchDesktops={fetchDesktops} />}
      />
    </Routes>,
    { path: '/web/cluster/main/desktops' },
  );
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

test('lists the desktops with name, address, OS and labels, asking the server for the first page sorted by name', async () => {
  renderDesktops();
  expect(screen.getByRole('heading', { name: 'Desktops' })).toBeInTheDocument();
  await rowOf('win-1');
  const table = screen.getByRole('table', { name: 'Desktops' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Name', 'Address', 'OS', 'Labels', '']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent),
    ),
  ).toEqual([
    ['win-1', '10.0.3.7:3389', 'windows'],
    ['kiosk', '10.0.3.9:5900', 'linux'],
  ]);
  expect(
    within(rows[0]!)
      .getAllByText(/^(env|team): /)
      .map((l) => l.textContent),
  ).toEqual(['env: prod', 'team: ops']);
  expect(queries).toEqual([
    {
      clusterId: 'main',
      limit: 15,
      startKey: undefined,
      search: undefined,
      sort: { fieldName: 'name', dir: 'ASC' },
    },
  ]);
});

test('Connect lists the logins the roles allow; each opens the desktop session in a new tab', async () => {
  const user = userEvent.setup();
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  renderDesktops();
  await user.click(within(await rowOf('win-1')).getByRole('button', { name: 'Connect' }));
  const menu = await screen.findByRole('menu', { name: 'Connect' });
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  ).toEqual(['Administrator', 'alice']);
  await user.click(within(menu).getByRole('menuitem', { name: 'alice' }));
  expect(open).toHaveBeenCalledWith('/web/cluster/main/desktops/win-1/alice', '_blank', 'noopener');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

  await user.click(within(await rowOf('kiosk')).getByRole('button', { name: 'Connect' }));
  expect(
    within(await screen.findByRole('menu', { name: 'Connect' })).getByRole('menuitem', {
      name: 'No logins allowed by your roles',
    }),
  ).toBeDisabled();
  expect(open).toHaveBeenCalledTimes(1);
  open.mockRestore();
});

test('a search goes to the server after a typing pause', async () => {
  const user = userEvent.setup();
  renderDesktops();
  await rowOf('win-1');
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kio');
  await waitFor(() => expect(queries.at(-1)).toMatchObject({ search: 'kio' }));
  await waitFor(() => expect(screen.queryByRole('cell', { name: 'win-1' })).toBeNull());
  expect(screen.getByRole('cell', { name: 'kiosk' })).toBeInTheDocument();
});
