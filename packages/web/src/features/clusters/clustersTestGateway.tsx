/**
 * Test code only: the gateway's clusters list for the console's tests, and the whole console rendered at a
 * path for a signed-in user, for the pages of clusters and trusted clusters.
 */
import { ThemeProvider } from '@portcullis/design';
import { apiPaths, type ClusterJson, StorageKey } from '@portcullis/shared';
import { act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { pages } from '../../router/pages';
import { createRoutes } from '../../router/routes';
import { server } from '../../testing/server';

/** GET /sites answering `clusters`; records how often it was asked. msw answers with the handler added last. */
export function clustersGateway(clusters: ClusterJson[]) {
  const asked = { times: 0 };
  server.use(
    http.get(apiPaths.clusters, () => {
      asked.times += 1;
      return HttpResponse.json(clusters);
    }),
  );
  return asked;
}

/**
 * `cluster` (the gateway presenter's answer) as a leaf whose tunnel is down, last heard from at `lastConnected`:
 * the presenter only makes online clusters, the one it runs.
 */
export const offline = (cluster: ClusterJson, lastConnected: string): ClusterJson => ({
  ...cluster,
  status: 'offline',
  lastConnected,
});

/** The console's router at `path` for a user with a stored session (the user context is the test's to answer). */
export async function renderConsoleAt(path: string) {
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
  server.use(http.get(apiPaths.userStatus, () => HttpResponse.json({ message: 'ok' })));
  const router = createMemoryRouter(createRoutes(pages), { initialEntries: [path] });
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
