import { engines, startGateway, type Client, type TestGateway } from '../../../test/harness';
import { insertEvents, makeEvents } from '../../../test/factories';
import { maxEventLimit } from './schemas';

describe.each(engines)('GET /sites/{id}/events/search on %s', (engine) => {
  let gw: TestGateway;
  let auditor: Client;
  const search = (q: string) => auditor.get(`/v1/webapi/sites/localhost/events/search?${q}`);
  const range = 'from=2025-01-01T00:00:00Z&to=2025-12-31T00:00:00Z';

  beforeAll(async () => {
    gw = await startGateway({ engine });
    auditor = await gw.signIn({ roles: ['auditor'] });
    // 20,000 events, four per timestamp, so ordering must fall back to the id.
    // Dated 2025, apart from the events the gateway itself writes while the test runs.
    await insertEvents(gw.server.store, makeEvents(20_000, { perTime: 4 }));
  });
  afterAll(() => gw.close());

  it('pages through 20,000 events returning each exactly once, in order, both ways', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const seen: number[] = [];
      let startKey = '';
      let pages = 0;
      do {
        const res = await search(`${range}&limit=3000&order=${order}&startKey=${startKey}`);
        expect(res.status).toBe(200);
        seen.push(...res.body.events.map((e: { seq: number }) => e.seq));
        startKey = res.body.startKey;
        pages++;
      } while (startKey);
      expect(pages).toBe(7);
      expect(seen).toHaveLength(20_000);
      const expected = Array.from({ length: 20_000 }, (_, i) => i);
      expect(seen).toEqual(order === 'asc' ? expected : expected.reverse());
    }
  });

  it('caps a page at 10,000 events and answers {events, startKey}', async () => {
    const res = await search(`${range}&limit=15000`);
    expect(res.status).toBe(200);
    expect(res.body.events).toHaveLength(maxEventLimit);
    expect(maxEventLimit).toBe(10_000);
    expect(typeof res.body.startKey).toBe('string');
    expect(res.body.startKey).not.toBe('');
  });

  it('serves 500 newest-first by default, within from and to, filtered by include', async () => {
    const all = await search(range);
    expect(all.body.events).toHaveLength(500);
    expect(all.body.events[0].seq).toBe(19_999);
    const day = await search('from=2025-01-01T00:00:00Z&to=2025-01-01T00:00:09Z&order=asc&limit=1000');
    // Ten seconds at four events a second, both ends included.
    expect(day.body.events.map((e: { seq: number }) => e.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(day.body.startKey).toBe('');
    const ends = await search(`${range}&include=session.end&limit=10`);
    expect(ends.body.events.every((e: { event: string }) => e.event === 'session.end')).toBe(true);
    expect(ends.body.events).toHaveLength(10);
  });

  it('names the problem in a 400 for bad parameters', async () => {
    const badTime = await search('from=yesterday');
    expect(badTime.status).toBe(400);
    expect(badTime.body.error.message).toMatch(/^query\.from: must be an RFC 3339 time/);
    expect((await search('limit=0')).body.error.message).toMatch(/^query\.limit: must be at least 1/);
    expect((await search('limit=ten')).body.error.message).toMatch(/^query\.limit:/);
    expect((await search('startKey=forged')).body.error.message).toBe('query.startKey: is not a start key this server returned');
    expect((await search('order=sideways')).status).toBe(400);
  });

  it('is refused to a user without list on events, and 404s for another cluster', async () => {
    const access = await gw.signIn({ roles: ['access'] });
    expect((await access.get('/v1/webapi/sites/localhost/events/search')).status).toBe(403);
    expect((await auditor.get('/v1/webapi/sites/elsewhere/events/search')).status).toBe(404);
  });
});
