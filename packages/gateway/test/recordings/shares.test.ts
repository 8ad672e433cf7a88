import type { CreatedRecordingShareJson, RecordingEvent, RecordingShareJson, RecordingSummary, SeekPoint, SharedRecordingJson } from '@portcullis/shared';
import { startRecordedGateway, type RecordedGateway } from './recorded';

jest.setTimeout(60_000);

const invalid = 'this share link is not valid: it may have expired or been revoked';

describe('recording share links', () => {
  let rec: RecordedGateway;
  let sid: string;
  let full: { summary: RecordingSummary; events: RecordingEvent[]; output: string };

  const shares = (id: string) => `/v1/webapi/sites/localhost/sessions/${id}/recording/shares`;
  // A refusal answers {error} instead of the link.
  const share = (body: object) => rec.reviewer.post<CreatedRecordingShareJson & { error: { message: string } }>(shares(sid), body);
  /** A signed-out caller: no cookie, no CSRF pair, no bearer; just the link's token in the path. */
  const shared = async (token: string, rest = '') => {
    const res = await fetch(`${rec.gw.url}/v1/webapi/shared/recordings/${token}${rest}`);
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, setCookie: res.headers.getSetCookie(), body: type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer()) };
  };
  const audit = (code: string) => rec.audit(code);

  beforeAll(async () => {
    rec = await startRecordedGateway();
    sid = await rec.record([
      { type: 'echo alpha-$((0+1))\r', until: /alpha-1/ },
      // Output is indexed in records at least 10 ms apart: the pause puts omega-2 in a record of its own.
      { type: 'sleep 0.3; echo omega-$((1+1))\r', until: /omega-2/ },
    ]);
    const base = `/v1/webapi/sites/localhost/sessions/${sid}/recording`;
    const summary = (await rec.reviewer.get<RecordingSummary>(base)).body;
    const events = (await rec.reviewer.get<{ events: RecordingEvent[] }>(`${base}/events?from=0&limit=10000`)).body.events;
    const stream = await fetch(`${rec.gw.url}${base}/stream?offset=0&bytes=${summary.bytes}`, { headers: { authorization: `Bearer ${rec.reviewer.session!.token}`, cookie: rec.reviewer.cookieHeader() } });
    full = { summary, events, output: await stream.text() };
  });
  afterAll(() => rec.stop());

  test('a link plays the whole recording signed out, with no cookie, and every viewing is counted and audited', async () => {
    const created = await share({ expiresIn: '2h' });
    expect(created.status).toBe(200);
    const link = created.body;
    expect(link).toMatchObject({ sid, createdBy: rec.reviewer.name, revoked: false, views: 0 });
    // The gateway's public URL names it as localhost.
    expect(link.url).toBe(`${rec.gw.url.replace('127.0.0.1', 'localhost')}/web/shared/recordings/${link.token}`);
    expect(Date.parse(link.expires) - Date.parse(link.created)).toBe(2 * 3600_000);
    expect(link).not.toHaveProperty('fromMs');

    const about = await shared(link.token);
    expect(about.status).toBe(200);
    expect(about.body as SharedRecordingJson).toEqual({ sid, clusterName: 'localhost', sharedBy: rec.reviewer.name, expires: link.expires });

    const summary = await shared(link.token, '/recording');
    expect(summary.body).toEqual(full.summary);
    expect(summary.setCookie).toEqual([]);
    const events = await shared(link.token, '/recording/events?from=0&limit=10000');
    expect(events.body.events).toEqual(full.events);
    const stream = await shared(link.token, `/recording/stream?offset=0&bytes=${full.summary.bytes}`);
    expect(stream.body.toString()).toBe(full.output);
    expect(full.output).toContain('omega-2');
    await shared(link.token, '/recording');

    const listed = await rec.reviewer.get<{ shares: RecordingShareJson[] }>(shares(sid));
    expect(listed.body.shares.find((s) => s.id === link.id)).toMatchObject({ views: 2, revoked: false });
    expect(listed.body.shares[0]).not.toHaveProperty('token');
    const views = (await audit('TRC04I')).filter((e) => e.share_id === link.id);
    expect(views).toEqual([
      expect.objectContaining({ share_id: link.id, shared_by: rec.reviewer.name, sid, 'addr.remote': '127.0.0.1' }),
      expect.objectContaining({ share_id: link.id, shared_by: rec.reviewer.name, sid, 'addr.remote': '127.0.0.1' }),
    ]);
    expect(await audit('TRC02I')).toContainEqual(expect.objectContaining({ user: rec.reviewer.name, sid, expires: link.expires }));

    // The token opens nothing but the shared playback.
    const signedIn = await fetch(`${rec.gw.url}/v1/webapi/sites/localhost/sessions/${sid}/recording`, { headers: { authorization: `Bearer ${link.token}` } });
    expect(signedIn.status).toBe(403);
  });

  test('a link with a range plays only that range', async () => {
    const textUpTo = (e: RecordingEvent) => full.output.slice(0, e.offset + (e.kind === 'output' ? e.length : 0));
    const alpha = full.events.find((e) => e.kind === 'output' && textUpTo(e).includes('alpha-1'))!;
    const omega = full.events.find((e) => e.kind === 'output' && textUpTo(e).includes('omega-2'))!;
    expect(omega.t).toBeGreaterThan(alpha.t);
    const fromMs = alpha.t;
    const toMs = omega.t - 1;
    const { body: link } = await share({ expiresIn: '1h', fromMs, toMs });
    expect(link).toMatchObject({ fromMs, toMs });
    expect((await shared(link.token)).body).toMatchObject({ fromMs, toMs });

    const summary = (await shared(link.token, '/recording')).body as RecordingSummary;
    expect(summary).toMatchObject({ durationMs: toMs, complete: true });
    // The output ends where the first event after the range begins.
    expect(summary.bytes).toBe(full.events.find((e) => e.t > toMs)!.offset);
    expect(summary.bytes).toBeLessThan(full.summary.bytes);

    const events = (await shared(link.token, '/recording/events?from=0&limit=10000')).body.events as RecordingEvent[];
    expect(events).toEqual(full.events.filter((e) => e.t >= fromMs && e.t <= toMs));
    const seek = (await shared(link.token, '/recording/seek?at=0')).body as SeekPoint;
    expect(seek.at).toBe(fromMs);
    expect((await shared(link.token, `/recording/seek?at=${full.summary.durationMs}`)).body.at).toBe(toMs);

    const stream = await shared(link.token, `/recording/stream?offset=${seek.offset}&bytes=${full.summary.bytes}`);
    expect(stream.body.toString()).toBe(full.output.slice(seek.offset, summary.bytes));
    expect(stream.body.toString()).toContain('alpha-1');
    expect(stream.body.toString()).toContain('sleep 0.3; echo omega');
    expect(stream.body.toString()).not.toContain('omega-2');
  });

  test('a revoked, unknown or expired link plays nothing, with one message, and each refusal is audited', async () => {
    const { body: revoked } = await share({ expiresIn: '1h' });
    const revoking = await rec.reviewer.del<RecordingShareJson>(`${shares(sid)}/${revoked.id}`);
    expect(revoking.body).toMatchObject({ id: revoked.id, revoked: true });
    expect(await audit('TRC03I')).toContainEqual(expect.objectContaining({ user: rec.reviewer.name, sid, share_id: revoked.id }));
    for (const rest of ['', '/recording', '/recording/events', '/recording/seek?at=0', '/recording/stream?offset=0']) {
      expect(await shared(revoked.token, rest)).toMatchObject({ status: 404, body: { error: { message: invalid } } });
    }
    expect(await shared('not-a-token', '/recording')).toMatchObject({ status: 404, body: { error: { message: invalid } } });

    const { body: expiring } = await share({ expiresIn: '30m' });
    expect((await shared(expiring.token, '/recording')).status).toBe(200);
    rec.advance(30 * 60_000);
    expect(await shared(expiring.token, '/recording')).toMatchObject({ status: 404, body: { error: { message: invalid } } });

    const refusals = (await audit('TRC04W')).map((e) => [e.error, e['addr.remote']]);
    expect(refusals).toEqual([
      ...Array.from({ length: 5 }, () => ['share link revoked', '127.0.0.1']),
      ['unknown share link', '127.0.0.1'],
      ['share link expired', '127.0.0.1'],
    ]);
    const listed = (await rec.reviewer.get<{ shares: RecordingShareJson[] }>(shares(sid))).body.shares;
    expect(listed.find((s) => s.id === revoked.id)).toMatchObject({ revoked: true, views: 0 });
  });

  test('an address that keeps guessing is held back for the rest of the minute, and its guesses stop being audited', async () => {
    // A fresh minute for this address, whatever the tests before did.
    rec.advance(60_000);
    const before = (await audit('TRC04W')).length;
    for (let i = 0; i < 20; i += 1) expect((await shared(`guess-${i}`, '/recording')).status).toBe(404);
    const held = await shared('guess-20', '/recording');
    expect(held).toMatchObject({ status: 429, body: { error: { message: 'too many share links that were not valid came from this address; try again in 60 s' } } });
    expect((await audit('TRC04W')).length).toBe(before + 20);
    rec.advance(60_000);
    expect((await shared('guess-21', '/recording')).status).toBe(404);
    expect((await audit('TRC04W')).length).toBe(before + 21);
  });

  test('making a link checks its lifetime, range and recording; only users who may update sessions manage links', async () => {
    expect((await share({ expiresIn: '31d' })).body.error.message).toBe('body.expiresIn: a share link may live at most 30 days');
    expect((await share({ expiresIn: 'soon' })).body.error.message).toBe('body.expiresIn: "soon" is not a duration; write it like "90s", "5m" or "12h"');
    expect((await share({ expiresIn: '1h', fromMs: 500, toMs: 500 })).body.error.message).toBe('body.toMs: must come after fromMs');
    expect((await share({})).body).toMatchObject({ sid });
    const defaulted = (await share({})).body;
    expect(Date.parse(defaulted.expires) - Date.parse(defaulted.created)).toBe(24 * 3600_000);
    const missing = await rec.reviewer.post(shares('no-such-session'), { expiresIn: '1h' });
    expect(missing).toMatchObject({ status: 404, body: { error: { message: 'no recording of session no-such-session' } } });
    expect((await rec.reviewer.del(`${shares(sid)}/no-such-share`)).status).toBe(404);

    expect((await rec.reader.get(shares(sid))).status).toBe(403);
    expect((await rec.reader.post(shares(sid), { expiresIn: '1h' })).body.error.message).toBe(`access denied: update on session is not allowed for user ${rec.reader.name}`);
    expect((await rec.reader.del(`${shares(sid)}/${defaulted.id}`)).status).toBe(403);
    expect((await rec.gw.anonymous().get(shares(sid))).status).toBe(403);

    const auditor = await rec.gw.signIn({ roles: ['auditor'] });
    expect((await auditor.post(shares(sid), { expiresIn: '1h' })).status).toBe(200);
  });
});
