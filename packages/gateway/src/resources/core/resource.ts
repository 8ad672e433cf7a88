import type { SessionKind } from '@portcullis/shared';
import type { Identity } from '../../platform/access/identity';

/** A resource as the session core sees it, whatever its kind. */
export interface Resource {
  /** The kind's name, as role rules, records and tunnel stream requests name it ('node'). */
  kind: string;
  id: string;
  /** What people call it (a node's hostname). */
  name: string;
  addr: string;
  labels: Record<string, string>;
  /** The agent that serves it through its tunnel; null when the gateway reaches it directly. */
  agentId: string | null;
}

/**
 * A kind of resource sessions open on. A new kind is a folder that implements this, a connector to reach its
 * resources, and the routes people use; the session core does the rest (admission, tracking, joining,
 * recording, audit).
 */
export interface ResourceKind {
  name: string;
  /** How its sessions are listed among active sessions and recordings. */
  sessionKind: SessionKind;
  /** The resource with this id if it exists and is reachable now (an agent's node whose agent left is not). */
  find(id: string): Promise<Resource | undefined>;
  /** Why the user may not open `login` on the resource, in words they can act on; undefined when they may. */
  refusal(identity: Identity, resource: Resource, login: string): string | undefined;
  /** The fields naming the resource in its session events (session.start, end, join …). */
  auditFields(resource: Resource): Record<string, string>;
}

/** The kinds this gateway serves, by name. */
export class ResourceKinds {
  private readonly kinds = new Map<string, ResourceKind>();

  register(kind: ResourceKind): void {
    if (this.kinds.has(kind.name)) throw new Error(`resource kind ${kind.name} is registered twice`);
    this.kinds.set(kind.name, kind);
  }

  get(name: string): ResourceKind {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`no resource kind ${name} is registered`);
    return kind;
  }
}
