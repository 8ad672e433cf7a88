export interface UserTraits {
  logins: string[];
  databaseUsers: string[];
  databaseNames: string[];
  kubeUsers: string[];
  kubeGroups: string[];
  windowsLogins: string[];
  awsRoleArns: string[];
}

export interface UserJson {
  name: string;
  roles?: string[];
  authType?: string;
  traits?: Partial<UserTraits>;
}

export interface User {
  name: string;
  roles: string[];
  /** 'Local User' for local accounts, else the connector type. */
  authType: string;
  isLocal: boolean;
  traits: UserTraits;
}

export const localUserLabel = 'Local User';

export function makeUser(json: UserJson): User {
  const isLocal = (json.authType ?? 'local') === 'local';
  const t = json.traits ?? {};
  return {
    name: json.name,
    roles: [...(json.roles ?? [])].sort(),
    authType: isLocal ? localUserLabel : (json.authType as string),
    isLocal,
    traits: {
      logins: t.logins ?? [],
      databaseUsers: t.databaseUsers ?? [],
      databaseNames: t.databaseNames ?? [],
      kubeUsers: t.kubeUsers ?? [],
      kubeGroups: t.kubeGroups ?? [],
      windowsLogins: t.windowsLogins ?? [],
      awsRoleArns: t.awsRoleArns ?? [],
    },
  };
}

/** An invite or password-reset token: as created (tokenId is its value, shown this once) and as the invite page looks it up. */
export interface ResetTokenJson {
  user: string;
  expiry: string;
  tokenId: string;
}

export interface ResetToken {
  username: string;
  expires: Date;
  value: string;
}

export const makeResetToken = (json: ResetTokenJson): ResetToken => ({
  username: json.user,
  expires: new Date(json.expiry),
  value: json.tokenId,
});
