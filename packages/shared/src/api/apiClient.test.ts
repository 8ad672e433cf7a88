import type { FetchInitLike, FetchLike, FetchResponseLike } from '../runtime';
import { ApiError } from './ApiError';
import { createApiClient } from './apiClient';

const response = (status: number, text: string, url = '/v1/webapi/x'): FetchResponseLike => ({
  ok: status >= 200 && status < 300,
  status,
  url,
  text: async () => text,
});

function clientAnswering(res: FetchResponseLike | Error, token: string | null = 'bearer-1') {
  const calls: Array<{ url: string; init: FetchInitLike }> = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    if (res instanceof Error) throw res;
    return res;
  };
  const client = createApiClient({ fetch, getCsrfToken: () => 'csrf-1', getBearerToken: () => token ?? undefined });
  return { client, calls };
}

test('calls carry CSRF and bearer headers, same-origin credentials and no caching', async () => {
  const { client, calls } = clientAnswering(response(200, '{"ok":true}'));
  await expect(client.get('/v1/webapi/sites')).resolves.toEqual({ ok: true });
  expect(calls[0]).toEqual({
    url: '/v1/webapi/sites',
    init: {
      method: 'GET',
      headers: {
        Accept: 'application/json',
        'X-CSRF-Token': 'csrf-1',
        Authorization: 'Bearer bearer-1',
      },
      credentials: 'same-origin',
      cache: 'no-store',
    },
  });
});

test('without a bearer token there is no Authorization header', async () => {
  const { client, calls } = clientAnswering(response(200, '{}'), null);
  await client.post('/v1/webapi/sessions/web', { user: 'a' });
  expect(calls[0]?.init.headers).not.toHaveProperty('Authorization');
});

test('post, put and delete send a JSON body; get passes its abort signal', async () => {
  const { client, calls } = clientAnswering(response(200, '{}'));
  const signal = { aborted: false };
  await client.get('/a', signal);
  await client.post('/b', { x: 1 });
  await client.put('/c', { y: 2 });
  await client.delete('/d', { z: 3 });
  expect(calls.map((c) => [c.init.method, c.init.body, c.init.signal])).toEqual([
    ['GET', undefined, signal],
    ['POST', '{"x":1}', undefined],
    ['PUT', '{"y":2}', undefined],
    ['DELETE', '{"z":3}', undefined],
  ]);
  // A request with a body labels it as JSON; one without (the GET) carries no Content-Type.
  expect(calls.map((c) => (c.init.headers as Record<string, string>)['Content-Type'])).toEqual([
    undefined,
    'application/json; charset=utf-8',
    'application/json; charset=utf-8',
    'application/json; charset=utf-8',
  ]);
});

test('an empty success body resolves to null', async () => {
  const { client } = clientAnswering(response(204, ''));
  await expect(client.delete('/v1/webapi/sessions/web')).resolves.toBeNull();
});

async function failure(res: FetchResponseLike | Error): Promise<ApiError> {
  const { client } = clientAnswering(res);
  const err = await client.get('/v1/webapi/x').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

test('the error message order: error.message, then message, then the text, then {status} - {url}', async () => {
  expect((await failure(response(403, '{"error":{"message":"access denied"},"message":"other"}'))).message).toBe('access denied');
  expect((await failure(response(400, '{"message":"bad limit"}'))).message).toBe('bad limit');
  expect((await failure(response(502, 'Bad Gateway'))).message).toBe('Bad Gateway');
  const last = await failure(response(500, '', '/v1/webapi/sites'));
  expect(last.message).toBe('500 - /v1/webapi/sites');
  expect(last.status).toBe(500);
});

test('invalid JSON on a success response is an ApiError', async () => {
  const err = await failure(response(200, '<html>oops'));
  expect(err.status).toBe(200);
  expect(err.message).toBe('<html>oops');
});

test("a network failure is 'Network request failed'", async () => {
  const err = await failure(new TypeError('fetch failed'));
  expect(err.message).toBe('Network request failed');
  expect(err.status).toBe(0);
});

test('an aborted call keeps its own error', async () => {
  const abort = new Error('The operation was aborted');
  const { client } = clientAnswering(abort);
  await expect(client.get('/x', { aborted: true })).rejects.toBe(abort);
});

test("an ApiError without a message says 'Unknown error'", () => {
  expect(new ApiError('', 500, '/x').message).toBe('Unknown error');
  expect(new ApiError('', 500, '/x').name).toBe('ApiError');
});
