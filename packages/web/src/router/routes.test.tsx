import { ThemeProvider } from '@portcullis/design';
import { type AclArea, apiPaths, compilePath, type FeatureFlag, StorageKey } from '@portcullis/shared';
import { userContextJson } from '@portcullis/gateway/wire';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { browserLocation } from '../browserLocation';
import { userContextHandlers } from '../testing/gateway';
import { server } from '../testing/server';
import { lazyPage } from './lazyPage';
import type { PageRoute } from './pageRoute';
import { createRoutes } from './routes';

const page = (path: string, title: string, flag?: FeatureFlag): PageRoute => ({
  path,
  frame: 'main',
  title,
  ...(flag ? { flag } : {}),
  component: lazyPage(() => Promise.resolve({ default: () => <h1>{title} page</h1> })),
});
const pages = [
  page('/web/users', 'Users', 'users'),
  page('/web/account', 'Account Settings'),
  page('/web/cluster/:clusterId/audit', 'Audit Log', 'audit'),
  page('/web/cluster/:clusterId/nodes', 'Servers', 'nodes'),
  page('/web/discover', 'Enroll New Resource', 'discover'),
];

/** A stored session plus the gateway's answers for a user holding the given ACL areas. */
function signedIn(areas: AclArea[]) {
  localStorage.setItem(
    StorageKey.TOKEN,
    JSON.stringify({
      accessToken: 't',
      expiresIn: 3600,
      created: Date.now(),
      sessionExpires: '',
      sessionInactiveTimeout: 0,
    }),
  );
  server.use(
    ...userContextHandlers(areas),
    http.get(apiPaths.userStatus, () => HttpResponse.json({ message: 'ok' })),
  );
}

async function renderAt(path: string) {
  const router = createMemoryRouter(createRoutes(pages), { initialEntries: [path] });
  // The session starts in an effect and the pages then suspend on the user context: let both settle.
  await act(async () => {
    render(
      <ThemeProvider>
        <Provider store={createStore()}>
          <RouterProvider router={router} />
        </Provider>
      </ThemeProvider>,
    );
  });
  return router;
}

let assign: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('a signed-in user sees the page with the navigation and the tab title', async () => {
  signedIn(['users']);
  await renderAt('/web/users');
  expect(await screen.findByRole('heading', { name: 'Users page' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/web/users');
  await waitFor(() => expect(document.title).toBe('Users'));
});

test('a cluster page’s tab title starts with the cluster id', async () => {
  signedIn(['events']);
  // prod is a leaf of the signed-in cluster: the page's flags are the user's there, asked of it.
  server.use(http.get(compilePath(apiPaths.userContext, { clusterId: 'prod' }), () => HttpResponse.json(userContextJson(['events'], 'alice'))));
  await renderAt('/web/cluster/prod/audit');
  await screen.findByRole('heading', { name: 'Audit Log page' });
  await waitFor(() => expect(document.title).toBe('prod • Audit Log'));
});

test('a leaf that refuses the user shows its reason in place of the page', async () => {
  signedIn(['events']);
  const refusal = 'access denied: your roles on cluster localhost (auditor) map to no role of cluster leaf (its role_map)';
  server.use(http.get(compilePath(apiPaths.userContext, { clusterId: 'leaf' }), () => HttpResponse.json({ error: { message: refusal } }, { status: 403 })));
  await renderAt('/web/cluster/leaf/audit');
  expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  expect(screen.getByText(refusal)).toBeInTheDocument();
});

test('a page whose flag the user lacks is Access Denied, and its navigation item is absent', async () => {
  signedIn(['nodes']);
  await renderAt('/web/users');
  expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Manage Users' })).not.toBeInTheDocument();
});

test('/web opens the account when no navigation page is allowed', async () => {
  signedIn([]);
  const router = await renderAt('/web');
  await screen.findByRole('heading', { name: 'Account Settings page' });
  expect(router.state.location.pathname).toBe('/web/account');
});

test('/web opens Enroll New Resource for a user who may enrol and reaches nothing yet, else the first page', async () => {
  let hasResource = false;
  signedIn(['tokens', 'nodes']);
  server.use(http.get(compilePath(apiPaths.resourcesCheck, { clusterId: 'localhost' }), () => HttpResponse.json({ hasResource })));
  const router = await renderAt('/web');
  await screen.findByRole('heading', { name: 'Enroll New Resource page' });
  expect(router.state.location.pathname).toBe('/web/discover');

  hasResource = true;
  const again = await renderAt('/web');
  await screen.findByRole('heading', { name: 'Servers page' });
  expect(again.state.location.pathname).toBe('/web/cluster/localhost/nodes');
});

/** The 404 page in the main layout: the navigation around it, a way home, the tab title by the one rule. */
async function expectNotFoundInLayout(title: string) {
  expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  expect(screen.getByText('The requested path could not be found.')).toBeInTheDocument();
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getAllByRole('main')).toHaveLength(1);
  expect(screen.getByRole('link', { name: 'Manage Users' })).toHaveAttribute('href', '/web/users');
  expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/web');
  await waitFor(() => expect(document.title).toBe(title));
}

test('a made-up path is not found, in the layout, and stays in the address bar', async () => {
  signedIn(['users']);
  const router = await renderAt('/web/no/such/page');
  await expectNotFoundInLayout('404 Not Found');
  expect(router.state.location.pathname).toBe('/web/no/such/page');
});

test.each([
  ['/web/locks', '404 Not Found'],
  ['/web/sso', '404 Not Found'],
  ['/web/cluster/localhost/databases', 'localhost • 404 Not Found'],
])('%s, a route of the console without a page yet, is not found the same way', async (path, title) => {
  signedIn(['users']);
  const router = await renderAt(path);
  await expectNotFoundInLayout(title);
  expect(router.state.location.pathname).toBe(path);
});

test('without a session a private page sends the browser to login with its path as redirect_uri', async () => {
  await renderAt('/web/users');
  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  expect(assign.mock.calls[0]![0]).toMatch(/^\/web\/login\?redirect_uri=/);
});

test('without a session a made-up path goes to login, whose redirect_uri falls back to /web', async () => {
  await renderAt('/web/no/such/page');
  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  expect(assign.mock.calls[0]![0]).toMatch(/^\/web\/login\?redirect_uri=http:\/\/localhost\/web$/);
});
