/** What a lock cuts off: one field names one target; a lock with several applies where all of them match. */
export interface LockTargets {
  user?: string;
  role?: string;
  login?: string;
  /** A node's id. */
  node?: string;
  /** A second-factor device's id. */
  mfa_device?: string;
  /** An access request's id: the access it granted ends. */
  access_request?: string;
  windows_desktop?: string;
}

export const lockTargetKinds = ['user', 'role', 'login', 'node', 'mfa_device', 'access_request', 'windows_desktop'] as const satisfies ReadonlyArray<keyof LockTargets>;
export type LockTargetKind = (typeof lockTargetKinds)[number];

/** A lock as GET /sites/{clusterId}/locks lists it. */
export interface LockJson {
  /** The lock's id (a UUID). */
  name: string;
  targets: LockTargets;
  message: string;
  /** RFC 3339; absent for a lock that holds until removed. */
  expires?: string;
  createdAt: string;
  createdBy: string;
}

/** PUT /sites/{clusterId}/locks: a new lock; `ttl` is a duration like "30m" or "12h" (absent: until removed). */
export interface CreateLockRequest {
  targets: LockTargets;
  message?: string;
  ttl?: string;
}

export interface Lock {
  id: string;
  targets: Array<{ kind: LockTargetKind; value: string }>;
  message: string;
  expires?: Date;
  createdAt: Date;
  createdBy: string;
}

export function makeLock(json: LockJson): Lock {
  return {
    id: json.name,
    targets: lockTargetKinds.flatMap((kind) => (json.targets[kind] ? [{ kind, value: json.targets[kind] }] : [])),
    message: json.message,
    ...(json.expires ? { expires: new Date(json.expires) } : {}),
    createdAt: new Date(json.createdAt),
    createdBy: json.createdBy,
  };
}
