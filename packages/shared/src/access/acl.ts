/** What a user may do in one ACL area (spec §6). */
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

/** Every ACL area of spec §3. */
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

type RawAccess = Partial<Record<keyof IntegrationsAccess, boolean>>;

const access = (raw: RawAccess | undefined): Access => ({
  list: raw?.list === true,
  read: raw?.read === true,
  edit: raw?.edit === true,
  create: raw?.create === true,
  remove: raw?.remove === true,
});

/** Normalises the server's userAcl: every flag false unless granted; the three desktop booleans default true. */
export function makeAcl(raw: Record<string, unknown> = {}): Acl {
  const areas = Object.fromEntries(aclAreas.map((area) => [area, access(raw[area] as RawAccess | undefined)]));
  const integrations = raw.integrations as RawAccess | undefined;
  return {
    ...(areas as Omit<Acl, 'integrations' | 'clipboardSharingEnabled' | 'desktopSessionRecording' | 'directorySharing'>),
    integrations: { ...access(integrations), use: integrations?.use === true },
    clipboardSharingEnabled: raw.clipboardSharingEnabled !== false,
    desktopSessionRecording: raw.desktopSessionRecording !== false,
    directorySharing: raw.directorySharing !== false,
  };
}
