import { databaseJson } from '@portcullis/gateway/wire';
import { type AclArea, apiPaths, compilePath, type DatabaseJson } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import DatabasesPage from './DatabasesPage';

const grants = { dbUsers: ['alice', 'reporting'], dbNames: ['sales', '*'] };
const orders = databaseJson(
  {
    name: 'orders',
    protocol: 'postgres',
    uri: 'postgres://10.0.0.5:5432/sales',
    description: 'Orders',
    labels: { team: 'shop', env: 'prod' },
  },
  grants,
);
const legacy = databaseJson(
  { name: 'legacy', protocol: 'mysql', uri: 'mysql://10.0.0.6:3306/app', description: 'Old shop' },
  grants,
);
const cache = databaseJson(
  { name: 'cache', protocol: 'redis', uri: 'redis://10.0.0.7:6379/0' },
  { dbUsers: ['*'] },
);

const databasesPath = compilePath(apiPaths.databases, { clusterId: 'main' });
/** List requests as the page made them, and the bodies it posted. */
let requests: URL[] = [];
let posted: unknown[] = [];

beforeAll(() => {
  // The console calls its own origin with relative paths, which a browser resolves against the page and
  // Node's fetch (behind msw) does not: resolve them here like the browser would.
  const intercepted = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    intercepted(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
});

/** The gateway's database routes over a list of two pages (orders and legacy, then cache), for a user holding `areas`. */
function databasesGateway(areas: AclArea[] = ['dbServers', 'db']) {
  const enrolled: DatabaseJson[] = [];
  requests = [];
  posted = [];
  server.use(
    ...userContextHandlers(areas),
    http.get(`*${databasesPath}`, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      if (url.searchParams.get('startKey') === 'cursor-2')
        return HttpResponse.json({ items: [cache], startKey: '', totalCount: 3 + enrolled.length });
      return HttpResponse.json({
        items: [...enrolled, orders, legacy],
        startKey: 'cursor-2',
        totalCount: 3 + enrolled.length,
      });
    }),
    http.post(`*${databasesPath}`, async ({ request }) => {
      const body = (await request.json()) as {
        name: string;
        protocol: 'postgres';
        uri: string;
        description: string;
      };
      posted.push(body);
      const created = databaseJson(body, grants);
      enrolled.push(created);
      return HttpResponse.json(created);
    }),
  );
}

async function renderDatabases() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path="/web/cluster/:clusterId/databases" element={<DatabasesPage />} />
        </Routes>
      </Suspense>,
      { path: '/web/cluster/main/databases' },
    );
  });
}

const lastQuery = () => Object.fromEntries(requests.at(-1)!.searchParams);
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

test('lists the first page with name, description, type and labels, sorted by name; Next asks the server for the next page', async () => {
  const user = userEvent.setup();
  databasesGateway();
  await renderDatabases();
  const table = screen.getByRole('table', { name: 'Databases' });
  await rowOf('orders');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Name', 'Description', 'Type', 'Labels', '']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => cells(r).slice(0, 3))).toEqual([
    ['orders', 'Orders', 'Self-hosted PostgreSQL'],
    ['legacy', 'Old shop', 'Self-hosted MySQL/MariaDB'],
  ]);
  expect(
    within(rows[0]!)
      .getAllByText(/^(env|team): /)
      .map((l) => l.textContent),
  ).toEqual(['env: prod', 'team: shop']);
  expect(lastQuery()).toEqual({ limit: '15', sort: 'name:asc' });
  expect(screen.getByText('Showing 1 - 2 of 3')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(cells(await rowOf('cache')).slice(0, 3)).toEqual(['cache', '', 'Self-hosted Redis']);
  expect(lastQuery()).toEqual({ limit: '15', sort: 'name:asc', startKey: 'cursor-2' });
});

test('a search, after a typing pause, goes to the server', async () => {
  const user = userEvent.setup();
  databasesGateway();
  await renderDatabases();
  await rowOf('orders');
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ord');
  await waitFor(() => expect(lastQuery()).toEqual({ limit: '15', search: 'ord', sort: 'name:asc' }));
});

test('Connect shows the command lines for the chosen user and name, with copy buttons, and opens the query console in a new tab', async () => {
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  databasesGateway();
  await renderDatabases();
  await user.click(within(await rowOf('orders')).getByRole('button', { name: 'Connect to orders' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect to orders' });
  // The first user and name the roles grant are chosen to begin with.
  expect(
    within(dialog).getByText('portcullis db connect orders --db-user alice --db-name sales'),
  ).toBeInTheDocument();
  expect(
    within(dialog).getByText('portcullis proxy db orders --db-user alice --db-name sales --port 5432'),
  ).toBeInTheDocument();

  await user.click(within(dialog).getByRole('combobox', { name: 'Database user' }));
  await user.click(await screen.findByRole('option', { name: 'reporting' }));
  // The roles allow any name ('*'), so one can be typed as well as picked.
  await user.click(within(dialog).getByRole('combobox', { name: 'Database name' }));
  await user.keyboard('archive');
  await user.click(await screen.findByRole('option', { name: 'Create "archive"' }));
  expect(
    within(dialog).getByText('portcullis db connect orders --db-user reporting --db-name archive'),
  ).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Copy connect command' }));
  expect(writeText).toHaveBeenLastCalledWith(
    'portcullis db connect orders --db-user reporting --db-name archive',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Copy proxy command' }));
  expect(writeText).toHaveBeenLastCalledWith(
    'portcullis proxy db orders --db-user reporting --db-name archive --port 5432',
  );

  await user.click(within(dialog).getByRole('button', { name: 'Open query console' }));
  expect(open).toHaveBeenCalledWith(
    '/web/cluster/main/console/db/orders/reporting/archive',
    '_blank',
    'noopener',
  );
  open.mockRestore();
});

test('a Redis database is reached as a typed user on database number 0 unless another is given', async () => {
  const user = userEvent.setup();
  databasesGateway();
  await renderDatabases();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await user.click(within(await rowOf('cache')).getByRole('button', { name: 'Connect to cache' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect to cache' });
  const number = within(dialog).getByRole('textbox', { name: 'Database number' });
  expect(number).toHaveValue('0');
  // No user is known ('*'): the console button waits for one.
  expect(within(dialog).getByRole('button', { name: 'Open query console' })).toBeDisabled();
  expect(
    within(dialog).getByText('portcullis db connect cache --db-user <user> --db-name 0'),
  ).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Database user' }), 'default');
  await user.clear(number);
  await user.type(number, '2');
  expect(
    within(dialog).getByText('portcullis proxy db cache --db-user default --db-name 2 --port 6379'),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Open query console' })).toBeEnabled();
});

test('Enrol database posts the name, protocol, URI, labels and description, then lists the new database', async () => {
  const user = userEvent.setup();
  databasesGateway();
  await renderDatabases();
  await user.click(screen.getByRole('button', { name: 'Enrol database' }));
  const dialog = await screen.findByRole('dialog', { name: 'Enrol database' });
  // Nothing is sent until the fields are right.
  await user.click(within(dialog).getByRole('button', { name: 'Enrol database' }));
  expect(within(dialog).getByText('Name the database')).toBeInTheDocument();
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'billing');
  await user.click(within(dialog).getByRole('combobox', { name: 'Protocol' }));
  await user.click(await screen.findByRole('option', { name: 'MySQL/MariaDB' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'URI' }), 'mysql://10.0.0.9:3306/billing');
  await user.type(within(dialog).getByRole('textbox', { name: 'Labels' }), 'env=prod, team');
  await user.click(within(dialog).getByRole('button', { name: 'Enrol database' }));
  expect(within(dialog).getByText('Write labels as name=value, separated by commas')).toBeInTheDocument();
  expect(posted).toEqual([]);
  await user.type(within(dialog).getByRole('textbox', { name: 'Labels' }), '=finance');
  await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Invoices');
  await user.click(within(dialog).getByRole('button', { name: 'Enrol database' }));

  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(posted).toEqual([
    {
      name: 'billing',
      protocol: 'mysql',
      uri: 'mysql://10.0.0.9:3306/billing',
      labels: [
        { name: 'env', value: 'prod' },
        { name: 'team', value: 'finance' },
      ],
      description: 'Invoices',
    },
  ]);
  expect(cells(await rowOf('billing')).slice(0, 3)).toEqual([
    'billing',
    'Invoices',
    'Self-hosted MySQL/MariaDB',
  ]);
});

test('a refused enrolment shows the gateway’s message and keeps the dialog open', async () => {
  const user = userEvent.setup();
  databasesGateway();
  server.use(
    http.post(`*${databasesPath}`, () =>
      HttpResponse.json({ message: 'database "orders" already exists' }, { status: 409 }),
    ),
  );
  await renderDatabases();
  await user.click(screen.getByRole('button', { name: 'Enrol database' }));
  const dialog = await screen.findByRole('dialog', { name: 'Enrol database' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'orders');
  await user.type(within(dialog).getByRole('textbox', { name: 'URI' }), 'postgres://10.0.0.5:5432/sales');
  await user.click(within(dialog).getByRole('button', { name: 'Enrol database' }));
  expect(await within(dialog).findByText('database "orders" already exists')).toBeInTheDocument();
});

test('without the right to create databases there is no Enrol database button', async () => {
  databasesGateway(['dbServers']);
  await renderDatabases();
  await rowOf('orders');
  expect(screen.queryByRole('button', { name: 'Enrol database' })).not.toBeInTheDocument();
});

test('no databases says so', async () => {
  databasesGateway();
  server.use(
    http.get(`*${databasesPath}`, () => HttpResponse.json({ items: [], startKey: '', totalCount: 0 })),
  );
  await renderDatabases();
  expect(await screen.findByRole('heading', { name: 'No Databases Found' })).toBeInTheDocument();
});
