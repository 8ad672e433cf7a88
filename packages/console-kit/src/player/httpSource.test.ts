import { createApiClient } from '@portcullis/shared';
import { httpSource, sessionRecordingPaths, sharedRecordingPaths } from './httpSource';

// A stand-in for the network: records each request and answers JSON for the API client, bytes for the stream.
function fakeFetch() {
  const requests: { url: string; authorization?: string }[] = [];
  const fetch = jest.fn(async (url: string, init?: { headers?: Record<string, string> }) => {
    requests.push({ url, authorization: init?.headers?.Authorization });
    if (url.includes('/stream?')) return new Response(new Uint8Array([1, 2, 3]));
    return new Response(JSON.stringify({ events: [], startKey: '' }), { headers: { 'Content-Type': 'application/json' } });
  });
  return { fetch, requests };
}

afterEach(() => jest.restoreAllMocks());

test('a signed-in session’s recording is read from its cluster’s playback endpoints, with the bearer token', async () => {
  const { fetch, requests } = fakeFetch();
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetch as unknown as typeof globalThis.fetch);
  const api = createApiClient({ getCsrfToken: () => 'csrf', getBearerToken: () => 'tok', fetch });
  const source = httpSource(sessionRecordingPaths('prod', 's/1'), { api, bearerToken: () => 'tok' });
  await source.summary();
  await source.events({ fromMs: 1500 });
  await source.events({ startKey: 'k 2' });
  await source.seek(2500.7);
  expect(await source.bytes(10, 3)).toEqual(new Uint8Array([1, 2, 3]));
  const base = '/v1/webapi/sites/prod/sessions/s%2F1/recording';
  expect(requests).toEqual([
    { url: base, authorization: 'Bearer tok' },
    { url: `${base}/events?from=1500&limit=2000&bytes=262144`, authorization: 'Bearer tok' },
    { url: `${base}/events?startKey=k%202&limit=2000&bytes=262144`, authorization: 'Bearer tok' },
    { url: `${base}/seek?at=2500`, authorization: 'Bearer tok' },
    { url: `${base}/stream?offset=10&bytes=3`, authorization: 'Bearer tok' },
  ]);
});

test('a share link’s recording is read from the shared endpoints named by its token, with no bearer', async () => {
  const { fetch, requests } = fakeFetch();
  jest.spyOn(globalThis, 'fetch').mockImplementation(fetch as unknown as typeof globalThis.fetch);
  const api = createApiClient({ getCsrfToken: () => '', getBearerToken: () => undefined, fetch });
  const source = httpSource(sharedRecordingPaths('tok-123'), { api, bearerToken: () => undefined });
  await source.seek(0);
  await source.bytes(0, 3);
  expect(requests).toEqual([
    { url: '/v1/webapi/shared/recordings/tok-123/recording/seek?at=0', authorization: undefined },
    { url: '/v1/webapi/shared/recordings/tok-123/recording/stream?offset=0&bytes=3', authorization: undefined },
  ]);
});
