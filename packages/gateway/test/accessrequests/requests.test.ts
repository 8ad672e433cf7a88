import type { AccessRequestJson } from '@portcullis/shared';
import { codesOf, eventsOf } from '../mfa/audit';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { nodeRef, paths, refusal, renew, requestRoles, review, setUp } from './fixtures';

describe.each(engines)('access requests on %s', (engine) => {
  let gw: TestGateway;
  const clock = { t: Date.parse('2026-04-01T09:00:00Z') };
  const at = (ms: number) => new Date(ms).toISOString();
  let reviewer: Client & { name: string };
  let secondReviewer: Client & { name: string };
  let nobody: Client & { name: string };

  beforeAll(async () => {
    gw = await startGateway({ engine, now: () => clock.t });
    await setUp(gw, clock.t);
    reviewer = await gw.signIn({ roles: ['reviewer'] });
    secondReviewer = await gw.signIn({ roles: ['reviewer'] });
    nobody = await gw.signIn({ roles: ['nothing'] });
  });
  afterAll(() => gw.close());

  it('creates a role request: pending, with the reason trimmed, the roles’ reviewers and duration, audited', async () => {
    const requester = await gw.signIn({ roles: ['requester'] });
    const res = await requester.post<AccessRequestJson>(paths.list, {
      roles: ['ssh-prod', 'ssh-prod'],
      reason: '  deploying the hotfix \n',
      suggestedReviewers: ['oncall'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: res.body.id,
      user: requester.name,
      roles: ['ssh-prod'],
      resourceIds: [],
      reason: 'deploying the hotfix',
      state: 'PENDING',
      reviews: [],
      suggestedReviewers: ['oncall', 'lead'],
      approvalsNeeded: 1,
      expires: '2026-04-01T09:30:00.000Z',
      created: '2026-04-01T09:00:00.000Z',
      reviewable: false,
      assumable: false,
    });
    expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const created = (await eventsOf(gw, requester.name)).filter((e) => e.code === 'T5000I');
    expect(created).toEqual([
      {
        event: 'access_request.create',
        code: 'T5000I',
        time: '2026-04-01T09:00:00.000Z',
        uid: created[0]!.uid,
        user: requester.name,
        id: res.body.id,
        state: 'PENDING',
        roles: ['ssh-prod'],
        resource_ids: [],
        reason: 'deploying the hotfix',
        expires: '2026-04-01T09:30:00.000Z',
      },
    ]);
  });

  it('refuses a bad request with the sentence to fix it', async () => {
    const requester = await gw.signIn({ roles: ['requester'] });
    const create = (body: unknown) => requester.post(paths.list, body);
    expect(refusal(await create({ roles: ['ssh-prod'], reason: '   ' }))).toEqual([
      400,
      'body.reason: enter a reason: reviewers read it to decide',
    ]);
    expect(refusal(await create({ roles: ['ssh-prod'], reason: 'x'.repeat(4097) }))).toEqual([
      400,
      'body.reason: the reason may be at most 4096 characters',
    ]);
    expect(refusal(await create({ reason: 'why' }))).toEqual([
      400,
      'body: request either roles or resources (resourceIds), not both and not neither',
    ]);
    expect(
      refusal(await create({ roles: ['ssh-prod'], resourceIds: [nodeRef('prod-1')], reason: 'why' })),
    ).toEqual([400, 'body: request either roles or resources (resourceIds), not both and not neither']);
    expect(
      refusal(
        await create({ resourceIds: [{ kind: 'db', clusterName: 'localhost', name: 'x' }], reason: 'why' }),
      ),
    ).toEqual([400, 'body.resourceIds.0.kind: only nodes can be requested by id (kind "node")']);
    expect(refusal(await create({ roles: ['editor', 'ssh-prod', 'auditor'], reason: 'why' }))).toEqual([
      403,
      'access denied: you may not request editor, auditor: your roles let you request ssh-prod',
    ]);
    expect(refusal(await nobody.post(paths.list, { roles: ['ssh-prod'], reason: 'why' }))).toEqual([
      403,
      'access denied: you may not request ssh-prod: your roles let you request no roles',
    ]);
    expect(
      refusal(await nobody.post(paths.list, { resourceIds: [nodeRef('prod-1')], reason: 'why' })),
    ).toEqual([
      403,
      'access denied: your roles have no request.search_as_roles, so you cannot request resources',
    ]);
    expect((await gw.anonymous().post(paths.list, { roles: ['ssh-prod'], reason: 'why' })).status).toBe(403);
    expect(await codesOf(gw, requester.name, 1)).toEqual([]);
  });

  it('creates a node request reaching only nodes the search_as_roles reach', async () => {
    const requester = await gw.signIn({ roles: ['requester'] });
    const create = (...names: string[]) =>
      requester.post<AccessRequestJson>(paths.list, {
        resourceIds: names.map(nodeRef),
        reason: 'look at the logs',
      });
    const res = await create('prod-1', 'prod-1');
    expect([res.status, res.body.roles, res.body.resourceIds, res.body.state]).toEqual([
      200,
      ['ssh-prod'],
      [nodeRef('prod-1')],
      'PENDING',
    ]);
    expect(refusal(await create('prod-1', 'dev-1'))).toEqual([
      403,
      'access denied: your search_as_roles do not reach node dev-1',
    ]);
    expect(refusal(await create('nope'))).toEqual([400, 'node nope was not found or is offline']);
    const elsewhere = await requester.post(paths.list, {
      resourceIds: [{ kind: 'node', clusterName: 'leaf', name: 'prod-1' }],
      reason: 'why',
    });
    expect(refusal(elsewhere)).toEqual([
      400,
      'node prod-1 is in cluster "leaf", but this request is made in cluster "localhost"',
    ]);
  });

  it('lists a requester’s own, a reviewer’s reviewable and, with the list rule, every request; refuses a user who can do neither', async () => {
    const alice = await gw.signIn({ roles: ['requester'] });
    const bob = await gw.signIn({ roles: ['requester'] });
    const auditor = await gw.signIn({ roles: ['request-auditor'] });
    const first = (await requestRoles(alice)).body;
    clock.t += 1000;
    const second = (await requestRoles(alice, 'second')).body;
    const ids = (res: { body: AccessRequestJson[] }) =>
      res.body.filter((r) => [first.id, second.id].includes(r.id)).map((r) => [r.id, r.reviewable]);

    const own = await alice.get<AccessRequestJson[]>(paths.list);
    expect(own.body.map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await bob.get(paths.list)).body).toEqual([]);
    expect(ids(await reviewer.get(paths.list))).toEqual([
      [second.id, true],
      [first.id, true],
    ]);
    expect(ids(await auditor.get(paths.list))).toEqual([
      [second.id, false],
      [first.id, false],
    ]);
    expect(refusal(await nobody.get(paths.list))).toEqual([
      403,
      'access denied: your roles neither let you request access nor review access requests',
    ]);

    expect((await alice.get(paths.one(first.id))).body).toEqual(first);
    expect(refusal(await bob.get(paths.one(first.id)))).toEqual([
      404,
      `no access request with id ${first.id}`,
    ]);
    expect(refusal(await bob.get(paths.one('not-an-id')))).toEqual([
      400,
      'params.requestId: requestId must be the id of an access request',
    ]);
    // Still listed once expired, with its expiry, so the console can show it as such.
    clock.t += 31 * 60_000;
    expect(
      (await alice.get<AccessRequestJson[]>(paths.list)).body.map((r) => [r.id, r.state, r.expires]),
    ).toEqual([
      [second.id, 'PENDING', at(Date.parse(second.created) + 30 * 60_000)],
      [first.id, 'PENDING', at(Date.parse(first.created) + 30 * 60_000)],
    ]);
    expect(refusal(await review(reviewer, first.id, 'APPROVED'))).toEqual([
      409,
      `this access request expired at ${first.expires}: it can no longer be reviewed`,
    ]);
  });

  it('approves once the approvals reach the threshold, each review once, then takes no more', async () => {
    const requester = await gw.signIn({ roles: ['careful'] });
    const created = (await requestRoles(requester)).body;
    expect([created.approvalsNeeded, created.expires]).toEqual([2, at(clock.t + 3_600_000)]);

    const once = await review(reviewer, created.id, 'APPROVED', 'fine by me');
    expect([once.status, once.body.state, once.body.reviewable, once.body.reviews]).toEqual([
      200,
      'PENDING',
      false,
      [{ author: reviewer.name, state: 'APPROVED', reason: 'fine by me', created: at(clock.t) }],
    ]);
    expect(refusal(await review(reviewer, created.id, 'APPROVED'))).toEqual([
      409,
      'you already reviewed this access request',
    ]);
    const twice = await review(secondReviewer, created.id, 'APPROVED');
    expect([twice.body.state, twice.body.reviews.map((v) => v.author)]).toEqual([
      'APPROVED',
      [reviewer.name, secondReviewer.name],
    ]);
    const third = await gw.signIn({ roles: ['reviewer'] });
    expect(refusal(await review(third, created.id, 'DENIED'))).toEqual([
      409,
      'this access request is already APPROVED: it can no longer be reviewed',
    ]);
    expect((await requester.get(paths.one(created.id))).body.assumable).toBe(true);

    expect(await codesOf(gw, reviewer.name, 1)).toEqual(['T5002I']);
    const second = await eventsOf(gw, secondReviewer.name);
    expect(second.slice(1).map((e) => [e.code, e.id, e.state ?? e.proposed_state])).toEqual([
      ['T5002I', created.id, 'APPROVED'],
      ['T5001I', created.id, 'APPROVED'],
    ]);
  });

  it('denies on the first denial by default, or once the deny threshold is met; a denied request cannot be assumed', async () => {
    const requester = await gw.signIn({ roles: ['requester'] });
    const created = (await requestRoles(requester)).body;
    expect(refusal(await renew(requester, { requestId: created.id }))).toEqual([
      409,
      `access request ${created.id} is still pending: it can be assumed once it is approved`,
    ]);
    const denied = await review(reviewer, created.id, 'DENIED', 'not during the freeze');
    expect([denied.body.state, denied.body.assumable]).toEqual(['DENIED', false]);
    expect(refusal(await renew(requester, { requestId: created.id }))).toEqual([
      403,
      `access request ${created.id} was denied: it cannot be assumed`,
    ]);

    const careful = await gw.signIn({ roles: ['careful'] });
    const asked = (await requestRoles(careful)).body;
    expect((await review(reviewer, asked.id, 'DENIED')).body.state).toBe('PENDING');
    expect((await review(secondReviewer, asked.id, 'DENIED')).body.state).toBe('DENIED');
  });

  it('never lets a requester review their own request, nor a reviewer whose roles do not cover it', async () => {
    const both = await gw.signIn({ roles: ['requester', 'reviewer'] });
    const created = (await requestRoles(both)).body;
    expect(created.reviewable).toBe(false);
    expect(refusal(await review(both, created.id, 'APPROVED'))).toEqual([
      403,
      'you cannot review your own access request',
    ]);
    await gw.createRole(
      'kind: role\nmetadata: { name: reviews-other }\nspec:\n  allow:\n    review_requests: { roles: [other] }\n    rules: [{ resources: [access_request], verbs: [list] }]\n',
    );
    const other = await gw.signIn({ roles: ['reviews-other'] });
    expect(refusal(await review(other, created.id, 'APPROVED'))).toEqual([
      403,
      "access denied: your roles' review_requests do not cover ssh-prod, which this request asks for",
    ]);
    expect(refusal(await review(nobody, created.id, 'APPROVED'))).toEqual([
      404,
      `no access request with id ${created.id}`,
    ]);
    expect(refusal(await reviewer.post(paths.reviews(created.id), { state: 'PENDING' }))).toEqual([
      400,
      'body.state: state must be "APPROVED" or "DENIED"',
    ]);
    expect((await both.get(paths.one(created.id))).body.state).toBe('PENDING');
  });

  it('lets the requester withdraw a pending request, audited, and nothing else', async () => {
    const requester = await gw.signIn({ roles: ['requester'] });
    const pending = (await requestRoles(requester)).body;
    expect(refusal(await reviewer.del(paths.one(pending.id)))).toEqual([
      403,
      'only its requester can withdraw an access request',
    ]);
    expect(refusal(await nobody.del(paths.one(pending.id)))).toEqual([
      404,
      `no access request with id ${pending.id}`,
    ]);
    expect((await requester.del(paths.one(pending.id))).body).toEqual({ message: 'ok' });
    expect(refusal(await requester.get(paths.one(pending.id)))).toEqual([
      404,
      `no access request with id ${pending.id}`,
    ]);
    expect((await eventsOf(gw, requester.name)).filter((e) => e.code === 'T5003I').map((e) => e.id)).toEqual([
      pending.id,
    ]);

    const approved = (await requestRoles(requester)).body;
    await review(reviewer, approved.id, 'APPROVED');
    expect(refusal(await requester.del(paths.one(approved.id)))).toEqual([
      409,
      'only a pending access request can be withdrawn; this one is APPROVED',
    ]);
  });

  it('opens the requests pages to those who may request or review: the ACL and the access capabilities', async () => {
    const acl = async (client: Client) => {
      const context = (await client.get(paths.context)).body;
      return [
        context.userAcl.accessRequests.list,
        context.userAcl.accessRequests.create,
        context.accessCapabilities,
      ];
    };
    expect(await acl(await gw.signIn({ roles: ['requester'] }))).toEqual([
      true,
      true,
      { requestableRoles: ['ssh-prod'], suggestedReviewers: ['lead'] },
    ]);
    expect(await acl(reviewer)).toEqual([true, false, { requestableRoles: [], suggestedReviewers: [] }]);
    expect(await acl(await gw.signIn({ roles: ['request-auditor'] }))).toEqual([
      true,
      false,
      { requestableRoles: [], suggestedReviewers: [] },
    ]);
    expect(await acl(nobody)).toEqual([false, false, { requestableRoles: [], suggestedReviewers: [] }]);
  });
});
