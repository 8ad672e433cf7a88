import { randomUUID } from 'node:crypto';
import type { RequestedResourceId } from '@portcullis/shared';
import { badRequest, conflict, forbidden, notFound } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import type { Site } from '../../platform/clusters/sites';
import type { Store } from '../../platform/storage/store';
import { isLive } from '../../resources/nodes/kind';
import type { NodeRecord, NodeRepo } from '../../resources/nodes/repo';
import { recordEvent } from '../audit/record';
import { RoleSet } from '../roles/roleset';
import { listsAll, maySee, reviewRefusal, usesRequests } from './policy';
import { accessRequestRepo, type AccessRequest, type AccessReview } from './repo';
import type { CreateAccessRequestBody, SubmitReviewBody } from './schemas';

const unique = <T>(items: T[]) => [...new Set(items)];

/**
 * Access requests: a user asks for roles (request.roles) or for nodes by id (reached through
 * request.search_as_roles) with a reason; reviewers (review_requests) approve or deny until a threshold is met;
 * the requester may withdraw a pending one. Assuming an approved one is a session renewal (see assume.ts).
 */
export class AccessRequestService {
  readonly repo;

  constructor(
    private readonly store: Store,
    private readonly nodes: NodeRepo,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = accessRequestRepo(store);
  }

  async create(identity: Identity, site: Site, body: CreateAccessRequestBody): Promise<AccessRequest> {
    const now = this.now();
    const me = identity.user.name;
    const asked = body.resourceIds?.length
      ? await this.forResources(identity, site, body.resourceIds)
      : { roles: await this.forRoles(identity, unique(body.roles ?? [])), resourceIds: [] };
    const limits = identity.roles.requestLimits();
    const request: AccessRequest = {
      id: randomUUID(),
      username: me,
      ...asked,
      reason: body.reason,
      state: 'PENDING',
      suggestedReviewers: unique([
        ...(body.suggestedReviewers ?? []),
        ...identity.roles.requestable().reviewers,
      ]),
      approvalsNeeded: limits.approvals,
      createdAt: now,
      expiresAt: now + limits.durationMs,
      reviews: [],
    };
    await this.store.transaction(async (tx) => {
      await this.repo.create(request, tx);
      await recordEvent(
        tx,
        'ACCESS_REQUEST_CREATED',
        {
          user: me,
          id: request.id,
          state: 'PENDING',
          roles: request.roles,
          resource_ids: request.resourceIds.map((r) => r.name),
          reason: request.reason,
          expires: new Date(request.expiresAt).toISOString(),
        },
        now,
      );
    });
    return request;
  }

  /** The roles asked for, each one the requester's roles let them request and one that exists. */
  private async forRoles(identity: Identity, roles: string[]): Promise<string[]> {
    const requestable = identity.roles.requestable().roles;
    const refused = roles.filter((r) => !requestable.includes(r));
    if (refused.length) {
      const allowed = requestable.length
        ? `your roles let you request ${requestable.join(', ')}`
        : 'your roles let you request no roles';
      throw forbidden(`access denied: you may not request ${refused.join(', ')}: ${allowed}`);
    }
    const existing = new Set((await this.store.roles.getMany(roles)).map((r) => r.metadata.name));
    const missing = roles.filter((r) => !existing.has(r));
    if (missing.length)
      throw badRequest(
        `role ${missing.join(', ')} does not exist: ask an administrator to create it or to fix request.roles`,
      );
    return roles;
  }

  /** The nodes asked for, each live and reached by the requester's search_as_roles; the roles are those reaching them. */
  private async forResources(
    identity: Identity,
    site: Site,
    ids: RequestedResourceId[],
  ): Promise<{ roles: string[]; resourceIds: RequestedResourceId[] }> {
    const names = identity.roles.searchAsRoles();
    if (names.length === 0)
      throw forbidden(
        'access denied: your roles have no request.search_as_roles, so you cannot request resources',
      );
    const searchRoles = await this.store.roles.getMany(names);
    const reach = (roles: typeof searchRoles, node: NodeRecord) =>
      new RoleSet(roles, identity.user.traits).canAccess('node', node.labels);
    const now = this.now();
    const nodes: NodeRecord[] = [];
    for (const id of ids) {
      if (id.clusterName !== site.name)
        throw badRequest(
          `node ${id.name} is in cluster "${id.clusterName}", but this request is made in cluster "${site.name}"`,
        );
      if (nodes.some((n) => n.id === id.name)) continue;
      const node = await this.nodes.get(id.name);
      if (!isLive(node, now)) throw badRequest(`node ${id.name} was not found or is offline`);
      if (!reach(searchRoles, node))
        throw forbidden(`access denied: your search_as_roles do not reach node ${node.hostname}`);
      nodes.push(node);
    }
    const roles = searchRoles
      .filter((role) => nodes.some((node) => reach([role], node)))
      .map((r) => r.metadata.name);
    return {
      roles: roles.sort(),
      resourceIds: nodes.map((n) => ({ kind: 'node', clusterName: site.name, name: n.id })),
    };
  }

  /** The requests the caller may see, newest first (the newest few hundred: see listCap). */
  async list(identity: Identity): Promise<AccessRequest[]> {
    if (!usesRequests(identity))
      throw forbidden('access denied: your roles neither let you request access nor review access requests');
    const widely = listsAll(identity) || identity.roles.reviewableRoles().length > 0;
    const requests = await this.repo.newest(widely ? {} : { username: identity.user.name });
    return requests.filter((r) => maySee(identity, r));
  }

  /** One request the caller may see; any other is answered as missing, so ids of others' requests reveal nothing. */
  async get(identity: Identity, id: string, tx: Store = this.store, lock = false): Promise<AccessRequest> {
    const request = await this.repo.get(id, tx, lock);
    if (!request || !maySee(identity, request)) throw notFound(`no access request with id ${id}`);
    return request;
  }

  /**
   * A reviewer's decision. Approvals grant the request once they reach its approvals_needed; denials refuse it
   * once they reach the largest deny threshold of the requester's roles (one by default).
   */
  async review(identity: Identity, id: string, body: SubmitReviewBody): Promise<AccessRequest> {
    const now = this.now();
    const me = identity.user.name;
    return this.store.transaction(async (tx) => {
      const request = await this.get(identity, id, tx, true);
      const refusal = reviewRefusal(identity, request, now);
      if (refusal) throw refusal;
      const review: AccessReview = { author: me, state: body.state, reason: body.reason, createdAt: now };
      await this.repo.addReview(id, review, tx);
      const reviews = [...request.reviews, review];
      const count = (state: AccessReview['state']) => reviews.filter((v) => v.state === state).length;
      const needed =
        body.state === 'APPROVED' ? request.approvalsNeeded : await this.denialsNeeded(tx, request.username);
      const decided = count(body.state) >= needed ? body.state : undefined;
      await recordEvent(
        tx,
        'ACCESS_REQUEST_REVIEWED',
        { user: me, reviewer: me, id, proposed_state: body.state, reason: body.reason },
        now,
      );
      if (decided) {
        if (!(await this.repo.decide(id, decided, tx)))
          throw conflict('this access request was decided meanwhile: reload it');
        await recordEvent(
          tx,
          'ACCESS_REQUEST_UPDATED',
          { user: me, updated_by: me, id, state: decided },
          now,
        );
      }
      return { ...request, state: decided ?? request.state, reviews };
    });
  }

  private async denialsNeeded(tx: Store, username: string): Promise<number> {
    const requester = await tx.users.get(username);
    return requester
      ? new RoleSet(await tx.roles.getMany(requester.roles), requester.traits).requestLimits().denials
      : 1;
  }

  /** The requester withdraws a request nobody decided yet. */
  async withdraw(identity: Identity, id: string): Promise<void> {
    const now = this.now();
    const request = await this.get(identity, id);
    if (request.username !== identity.user.name)
      throw forbidden('only its requester can withdraw an access request');
    if (request.state !== 'PENDING')
      throw conflict(`only a pending access request can be withdrawn; this one is ${request.state}`);
    await this.store.transaction(async (tx) => {
      if (!(await this.repo.removePending(id, tx)))
        throw conflict('this access request was decided meanwhile: reload it');
      await recordEvent(tx, 'ACCESS_REQUEST_DELETED', { user: identity.user.name, id }, now);
    });
  }
}
