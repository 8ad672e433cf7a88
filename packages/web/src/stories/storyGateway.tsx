import { makeWebConfig } from '@portcullis/shared';
import { Provider, createStore } from 'jotai';
import { within } from 'storybook/test';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { webConfigAtom } from '../config';

/** Canned answers by "METHOD /path" (or "/path" for GET). Storybook only: the console's tests use msw. */
export type StoryAnswers = Record<string, unknown>;

type Store = ReturnType<typeof createStore>;

const all = { list: true, read: true, edit: true, create: true, remove: true };

/** The user context of an administrator, for stories of signed-in pages. */
export const adminContext = {
  'GET /v1/webapi/sites/localhost/context': {
    userName: 'admin',
    authType: 'local',
    userAcl: Object.fromEntries(
      [
        'users',
        'roles',
        'events',
        'recordedSessions',
        'nodes',
        'tokens',
        'authConnectors',
        'trustedClusters',
      ].map((a) => [a, all]),
    ),
    cluster: { name: 'localhost', status: 'online', proxyVersion: '0.1.0', publicURL: 'localhost:3080' },
  },
  'GET /v1/webapi/ping': { proxy: { assist_enabled: false } },
};

function answer(answers: StoryAnswers, input: RequestInfo | URL, init?: RequestInit): Response {
  const path = new URL(String(input instanceof Request ? input.url : input), window.location.origin).pathname;
  const method = (init?.method ?? 'GET').toUpperCase();
  const body = answers[`${method} ${path}`] ?? (method === 'GET' ? answers[path] : undefined);
  if (body === undefined) {
    return Response.json({ error: { message: `no story answer for ${method} ${path}` } }, { status: 404 });
  }
  return Response.json(body);
}

export interface StoryBackend {
  answers?: StoryAnswers;
  config?: unknown;
}

// One store per story's backend, so re-rendering a story (say, in the other theme) reuses the data it
// loaded instead of suspending again.
const stores = new WeakMap<StoryBackend, Store>();

/** A story's store (made by a Storybook loader): the page's calls get `answers`, and the server's config is set. */
export async function storyStore(backend: StoryBackend): Promise<Store> {
  window.fetch = (input, init) => Promise.resolve(answer(backend.answers ?? {}, input, init));
  let store = stores.get(backend);
  if (!store) {
    store = createStore();
    store.set(webConfigAtom, makeWebConfig(backend.config ?? {}));
    stores.set(backend, store);
  }
  return store;
}

/**
 * A story's play step that waits for the page's data to show: Storybook reports the story rendered only
 * after it, so screenshots never catch the loading state.
 */
export const showsText =
  (text: string | RegExp) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await within(canvasElement).findByText(text, {}, { timeout: 5000 });
  };

/** Renders a console page in a story at `path`, matched by `route`, over a store from storyStore. */
export function StoryConsole({
  children,
  store,
  route = '*',
  path = '/web',
}: {
  children: ReactNode;
  store: Store;
  route?: string;
  path?: string;
}) {
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={route} element={children} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </Provider>
  );
}
