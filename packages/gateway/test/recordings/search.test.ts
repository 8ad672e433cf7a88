import { apiPaths, recordingSearchPageSize, type RecordingSearchHitJson, type RecordingSearchJson } from '@portcullis/shared';
import type { Agent } from '../../src/agent/agent';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { auditEvents, createJoinToken, eventually, operatorRole, startAgent, TerminalClient } from '../servers/fixtures';

jest.setTimeout(60_000);

const searcherRole = `
kind: role
metadata: { name: recording-searcher }
spec:
  allow:
    rules: [{ resources: [session], verbs: [list, read] }]
`;

const searchPath = (params: Record<string, string | number>) =>
  `${apiPaths.recordingSearch.replace(':clusterId', 'localhost')}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

describe.each(engines)('search across recordings (%s)', (engine) => {
  let gw: TestGateway;
  let owner: Client & { name: string };
  let searcher: Client & { name: string };
  let agent: Agent;
  let node: string;
  const hostname = `search-node-${engine}`;
  // Unique per run, so nothing but this run's sessions can match.
  const unique = `u${Date.now().toString(36)}${engine}`;

  beforeAll(async () => {
    gw = await startGateway({ engine });
    await gw.createRole(operatorRole);
    await gw.createRole(searcherRole);
    owner = await gw.signIn({ roles: ['servers-operator'] });
    searcher = await gw.signIn({ roles: ['recording-searcher'] });
    ({ agent, nodeId: node } = await startAgent(gw.url, await createJoinToken(owner), { hostname }));
  });
  afterAll(async () => {
    await agent.stop();
    await gw.close();
  });

  /** Runs `commands` in a real shell on the node, then exits; answers the session id. */
  const runSession = async (commands: string[], until: RegExp): Promise<string> => {
    const t = await TerminalClient.open(gw, owner, { server_id: node, login: 'root', term: { w: 120, h: 30 } });
    const session = await eventually(async () => t.controls.find((c) => c.type === 'session'), 'the session message');
    // Typed only at the prompt: typed ahead, the terminal would echo it once before the prompt and once after.
    await t.waitFor(/# $/);
    for (const c of commands) t.type(c);
    await t.waitFor(until);
    t.type('exit\r');
    await t.closed;
    return session.type === 'session' ? session.session.id : '';
  };

  const search = (client: Client, params: Record<string, string | number>) => client.get(searchPath(params));
  const found = (query: string, count: number) =>
    eventually<RecordingSearchHitJson[]>(async () => {
      const res = await search(searcher, { query });
      return res.status === 200 && res.body.hits.length >= count && res.body.hits;
    }, `${count} hits for ${query}`);

  test('finds what was typed and what was printed, with the session and the moment', async () => {
    const sid = await runSession([`echo typed-${unique}-$((6*7))\r`], new RegExp(`typed-${unique}-42`));
    const typed = await found(`TYPED-${unique}-$((`, 2);
    const kinds = typed.map((h) => h.kind).sort();
    expect(kinds).toEqual(['input', 'output']);
    expect(typed.find((h) => h.kind === 'input')!.text).toBe(`echo typed-${unique}-$((6*7))`);
    // The shell's echo of the command, after its prompt.
    expect(typed.find((h) => h.kind === 'output')!.text).toMatch(new RegExp(`# echo typed-${unique}-\\$\\(\\(6\\*7\\)\\)$`));

    const printed = await found(`${unique}-42`, 1);
    expect(printed).toHaveLength(1);
    const [hit] = printed as [RecordingSearchHitJson];
    const summary = (await searcher.get(`/v1/webapi/sites/localhost/sessions/${sid}/recording`)).body;
    expect(hit).toEqual({
      sid,
      t: hit.t,
      kind: 'output',
      text: `typed-${unique}-42`,
      sessionStart: summary.startTime,
      user: owner.name,
      login: 'root',
      hostname,
      recordingType: 'ssh',
    });
    expect(hit.t).toBeGreaterThanOrEqual(typed.find((h) => h.kind === 'input')!.t);
    expect(hit.t).toBeLessThanOrEqual(summary.durationMs);
  });

  test('pages newest session first, then in session order, and audits the search once', async () => {
    const older = await runSession([`for i in 1 2 3; do echo page-${unique}-$((i*7)); done\r`], new RegExp(`page-${unique}-21`));
    const newer = await runSession([`echo page-${unique}-newest\r`], new RegExp(`page-${unique}-newest\\r?\\n`));
    await found(`page-${unique}-newest`, 3);
    await found(`page-${unique}-21`, 1);

    const query = `page-${unique}-`;
    const pages: RecordingSearchJson[] = [];
    let startKey = '';
    do {
      const res = await search(searcher, { query, limit: 2, ...(startKey && { startKey }) });
      expect(res.status).toBe(200);
      pages.push(res.body);
      startKey = res.body.startKey;
    } while (startKey);
    const hits = pages.flatMap((p) => p.hits);
    expect(pages.map((p) => p.hits.length)).toEqual([2, 2, 2, 2]);
    // Each session's prompt line (it began before the typing), its typed line, then what the command printed.
    expect(hits.map((h) => [h.sid, h.kind])).toEqual([
      [newer, 'output'],
      [newer, 'input'],
      [newer, 'output'],
      [older, 'output'],
      [older, 'input'],
      [older, 'output'],
      [older, 'output'],
      [older, 'output'],
    ]);
    expect(hits.slice(-3).map((h) => h.text)).toEqual([`page-${unique}-7`, `page-${unique}-14`, `page-${unique}-21`]);
    const olderTimes = hits.filter((h) => h.sid === older).map((h) => h.t);
    expect(olderTimes).toEqual([...olderTimes].sort((a, b) => a - b));
    const audited = async () => (await auditEvents(gw)).filter((e) => e.code === 'TRC01I' && e.query === query);
    const paged = await audited();
    expect(paged).toHaveLength(1);
    expect(paged[0]).toMatchObject({ event: 'recording.search', user: searcher.name, query });

    // The same hits in one page; a new search, so audited again.
    expect((await search(searcher, { query, limit: recordingSearchPageSize })).body.hits).toEqual(hits);
    expect(await audited()).toHaveLength(2);
  });

  test('refuses callers without session list, and queries or keys it cannot serve', async () => {
    expect((await search(owner, { query: unique })).status).toBe(403);
    expect((await search(gw.anonymous(), { query: unique })).status).toBe(403);
    const short = await search(searcher, { query: 'ab' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('query.query: must be at least 3 characters: shorter text matches nearly every line');
    expect((await search(searcher, { query: 'x'.repeat(201) })).status).toBe(400);
    const badKey = await search(searcher, { query: unique, startKey: 'not-a-key' });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.message).toBe('query.startKey: is not a start key this server returned');
    expect((await search(searcher, { query: unique, limit: 51 })).status).toBe(400);
  });
});
