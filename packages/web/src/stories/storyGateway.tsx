import { makeWebConfig } from '@portcullis/shared';
import { Provider, createStore } from 'jotai';
import { type ReactNode, Suspense, useMemo } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { webConfigAtom } from '../config';

/** Canned answers by "METHOD /path" (or "/path" for GET). Storybook only: the console's tests use msw. */
export type StoryAnswers = Record<string, unknown>;

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
  if (body === undefined)
    return Response.json({ error: { message: `no story answer for ${method} ${path}` } }, { status: 404 });
  return Response.json(body);
}

/** Renders a console page in a story: its route, a fresh store with the server's config, and canned API answers. */
export function StoryConsole({
  children,
  route = '*',
  path = '/web',
  answers = {},
  config = {},
}: {
  children: ReactNode;
  route?: string;
  path?: string;
  answers?: StoryAnswers;
  config?: unknown;
}) {
  const store = useMemo(() => {
    window.fetch = (input, init) => Promise.resolve(answer(answers, input, init));
    const s = createStore();
    s.set(webConfigAtom, makeWebConfig(config));
    return s;
  }, [answers, config]);
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
