import type { RecordingReviewJson } from '@portcullis/shared';
import { startRecordedGateway, type RecordedGateway } from './recorded';

jest.setTimeout(60_000);

describe('recording reviews', () => {
  let rec: RecordedGateway;
  let sid: string;
  const review = (id: string) => `/v1/webapi/sites/localhost/sessions/${id}/review`;

  beforeAll(async () => {
    rec = await startRecordedGateway();
    sid = await rec.record([{ type: 'echo review-$((3*3))\r', until: /review-9/ }]);
  });
  afterAll(() => rec.stop());

  test('a recording nobody touched is to be reviewed; status and reviewer change and are audited', async () => {
    expect((await rec.reader.get<RecordingReviewJson>(review(sid))).body).toEqual({ sid, status: 'to_review', comments: [] });

    const assigned = await rec.reviewer.put<RecordingReviewJson>(review(sid), { reviewer: rec.reader.name });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ sid, status: 'to_review', reviewer: rec.reader.name, updatedBy: rec.reviewer.name });
    const flagged = await rec.reviewer.put<RecordingReviewJson>(review(sid), { status: 'flagged' });
    expect(flagged.body).toMatchObject({ status: 'flagged', reviewer: rec.reader.name });
    const done = await rec.reviewer.put<RecordingReviewJson>(review(sid), { status: 'reviewed', reviewer: null });
    expect(done.body).toMatchObject({ status: 'reviewed', updatedBy: rec.reviewer.name });
    expect(done.body).not.toHaveProperty('reviewer');
    expect((await rec.reader.get<RecordingReviewJson>(review(sid))).body).toEqual(done.body);

    expect((await rec.audit('TRC05I')).map((e) => [e.user, e.sid, e.status, e.reviewer])).toEqual([
      [rec.reviewer.name, sid, 'to_review', rec.reader.name],
      [rec.reviewer.name, sid, 'flagged', rec.reader.name],
      [rec.reviewer.name, sid, 'reviewed', ''],
    ]);
  });

  test('comments are pinned to moments, listed in time order and audited; readers may comment', async () => {
    const late = await rec.reader.post<RecordingReviewJson>(`${review(sid)}/comments`, { t: 900, text: '  the output here  ' });
    expect(late.status).toBe(200);
    const early = await rec.reviewer.post<RecordingReviewJson>(`${review(sid)}/comments`, { t: 0, text: 'the prompt' });
    expect(early.body.comments.map((c) => [c.author, c.t, c.text])).toEqual([
      [rec.reviewer.name, 0, 'the prompt'],
      [rec.reader.name, 900, 'the output here'],
    ]);
    expect(Date.parse(early.body.comments[0]!.created)).not.toBeNaN();
    expect((await rec.audit('TRC06I')).map((e) => [e.user, e.sid, e.t])).toEqual([
      [rec.reader.name, sid, 900],
      [rec.reviewer.name, sid, 0],
    ]);
  });

  test('refuses an unknown reviewer, bad comments, a missing recording, and callers without the right', async () => {
    expect(await rec.reviewer.put(review(sid), { reviewer: 'nobody-here' })).toMatchObject({ status: 400, body: { error: { message: 'reviewer: there is no user nobody-here' } } });
    expect((await rec.reviewer.put(review(sid), { status: 'approved' })).status).toBe(400);
    expect((await rec.reviewer.put(review(sid), {})).body.error.message).toBe('body: give a status, a reviewer or both');
    const comments = `${review(sid)}/comments`;
    expect((await rec.reviewer.post(comments, { t: 0, text: '   ' })).body.error.message).toBe('body.text: must not be empty');
    expect((await rec.reviewer.post(comments, { t: 0, text: 'x'.repeat(2001) })).body.error.message).toBe('body.text: must be at most 2000 characters');
    expect((await rec.reviewer.post(comments, { t: -1, text: 'before' })).body.error.message).toBe('body.t: must not be negative');
    expect((await rec.reviewer.post(comments, { t: 0, text: 'x'.repeat(2000) })).status).toBe(200);
    expect(await rec.reviewer.get(review('no-such-session'))).toMatchObject({ status: 404, body: { error: { message: 'no recording of session no-such-session' } } });

    expect((await rec.reader.put(review(sid), { status: 'reviewed' })).body.error.message).toBe(`access denied: update on session is not allowed for user ${rec.reader.name}`);
    const outsider = await rec.gw.signIn({ roles: ['servers-operator'] });
    expect((await outsider.get(review(sid))).status).toBe(403);
    expect((await outsider.post(comments, { t: 0, text: 'hello' })).status).toBe(403);
    expect((await rec.gw.anonymous().get(review(sid))).status).toBe(403);

    const auditor = await rec.gw.signIn({ roles: ['auditor'] });
    expect((await auditor.put<RecordingReviewJson>(review(sid), { status: 'flagged', reviewer: auditor.name })).body).toMatchObject({ status: 'flagged', reviewer: auditor.name });
  });
});
