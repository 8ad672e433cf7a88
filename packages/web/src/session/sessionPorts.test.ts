import { apiPaths, StorageKey } from '@portcullis/shared';
import { http, HttpResponse } from 'msw';
import { server } from '../testing/server';
import { browserSessionPorts } from './sessionPorts';

beforeEach(() => localStorage.clear());

test('renewal posts a JSON body and stores the new token with the time it arrived', async () => {
  let body: unknown;
  server.use(
    http.post(apiPaths.webSessionRenew, async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({
        type: 'Bearer',
        token: 'renewed',
        expires_in: 169,
        sessionInactiveTimeout: 45000,
      });
    }),
  );
  const before = Date.now();
  await browserSessionPorts().renew();
  expect(body).toEqual({});
  const token = browserSessionPorts().readToken()!;
  expect(token).toMatchObject({ expiresIn: 169, sessionInactiveTimeout: 45000 });
  expect(token.created).toBeGreaterThanOrEqual(before);
  expect(JSON.parse(localStorage.getItem(StorageKey.TOKEN)!).accessToken).toBe('renewed');
});

test('renewal with a body (assuming an access request) posts it and stores the token it answers', async () => {
  let body: unknown;
  server.use(
    http.post(apiPaths.webSessionRenew, async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ type: 'Bearer', token: 'assumed', expires_in: 600 });
    }),
  );
  await browserSessionPorts().renew({ requestId: 'r1' });
  expect(body).toEqual({ requestId: 'r1' });
  expect(browserSessionPorts().readToken()).toMatchObject({ accessToken: 'assumed', expiresIn: 600 });
});

test('logout deletes the web session; clearing keeps the theme', async () => {
  const deleted = jest.fn();
  server.use(
    http.delete(apiPaths.webSession, () => {
      deleted();
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  localStorage.setItem(StorageKey.TOKEN, '{}');
  localStorage.setItem(StorageKey.THEME, 'dark');
  const ports = browserSessionPorts();
  await ports.deleteSession();
  ports.clearLocalState();
  expect(deleted).toHaveBeenCalledTimes(1);
  expect(localStorage.getItem(StorageKey.TOKEN)).toBeNull();
  expect(localStorage.getItem(StorageKey.THEME)).toBe('dark');
});

test('a 403 on the status check reaches the lifecycle with its status', async () => {
  server.use(
    http.get(apiPaths.userStatus, () =>
      HttpResponse.json({ error: { message: 'session expired' } }, { status: 403 }),
    ),
  );
  await expect(browserSessionPorts().checkStatus()).rejects.toMatchObject({ status: 403 });
});
