/** What a user may do in one ACL area. */
export interface Access {
  list: boolean;
  read: boolean;
  edit: boolean;
  create: boolean;
  remove: boolean;
}

export interface IntegrationsAccess extends Access {
  use: boolean;
}

/** Every ACL area, each with its own access flags. */
export const aclAreas = [
  'events',
  'authConnectors',
  'roles',
  'trustedClusters',
  'users',
  'connectionDiagnostic',
  'appServers',
  'kubeServers',
  'tokens',
  'accessRequests',
  'billing',
  'lock',
  'dbServers',
  'db',
  'desktops',
  'recordedSessions',
  'activeSessions',
  'nodes',
  'license',
  'download',
  'plugins',
  'deviceTrust',
  'integrations',
  'assist',
] as const;

export type AclArea = (typeof aclAreas)[number];

export type Acl = { [A in Exclude<AclArea, 'integrations'>]: Access } & {
  integrations: IntegrationsAccess;
  clipboardSharingEnabled: boolean;
  desktopSessionRecording: boolean;
  directorySharing: boolean;
};

export const noAccess: Readonly<Access> = { list: false, read: false, edit: false, create: false, remove: false };

/**
 * userAcl as the server sends it in the user context. A server may leave out an area or a flag:
 * makeAcl reads a missing flag as false and a missing boolean as true.
 */
export type AclJson = { [K in keyof Acl]?: Acl[K] extends boolean ? boolean : Partial<Acl[K]> };

const access = (raw: Partial<Access> | undefined): Access => ({
  list: raw?.list === true,
  read: raw?.read === true,
  edit: raw?.edit === true,
  create: raw?.create === true,
  remove: raw?.remove === true,
});

/** Normalises the server's userAcl: every flag false unless granted; the three desktop booleans default true. */
export function makeAcl(raw: AclJson = {}): Acl {
  const areas = Object.fromEntries(aclAreas.map((area) => [area, access(raw[area])]));
  return {
    ...(areas as Omit<Acl, 'integrations' | 'clipboardSharingEnabled' | 'desktopSessionRecording' | 'directorySharing'>),
    integrations: { ...access(raw.integrations), use: raw.integrations?.use === true },
    clipboardSharingEnabled: raw.clipboardSharingEnabled !== false,
    desktopSessionRecording: raw.desktopSessionRecording !== false,
    directorySharing: raw.directorySharing !== false,
  };
}
