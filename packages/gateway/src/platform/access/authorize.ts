import type { ResourceKind, Verb } from '../../management/roles/model';
import { forbidden } from './errors';
import type { Identity } from './identity';

/**
 * What a route requires, declared with the route:
 * - `{ public }`: anyone, signed in or not; the string says why the route may be public.
 * - `{ signedIn }`: any signed-in user, for acts on their own account or session; the string says why.
 * - `{ resource, verb }`: a signed-in user whose roles grant the verb on the resource kind.
 */
export type AccessRule = { public: string } | { signedIn: string } | { resource: ResourceKind; verb: Verb };

/**
 * The one authorisation function: every route passes through it before its handler runs, and services
 * call it for checks that depend on the request's data. Throws the 403 the caller receives.
 */
export function authorize(identity: Identity | undefined, rule: AccessRule): void {
  if ('public' in rule) return;
  if (!identity) throw forbidden('access denied: sign in first');
  if (identity.lockedBecause !== undefined) throw forbidden(identity.lockedBecause);
  if (identity.unmappedBecause !== undefined) throw forbidden(identity.unmappedBecause);
  if ('signedIn' in rule) return;
  if (!identity.roles.can(rule.resource, rule.verb)) {
    throw forbidden(`access denied: ${rule.verb} on ${rule.resource} is not allowed for user ${identity.user.name}`);
  }
}
