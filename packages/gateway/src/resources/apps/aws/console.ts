import type { AwsRole } from '@portcullis/shared';
import type { RoleSet } from '../../../management/roles/roleset';
import type { AppRecord } from '../repo';

/** AWS's own console, always an AWS console app whatever `apps.awsConsoleUrl` names besides. */
const awsConsoleHost = 'console.aws.amazon.com';

/**
 * Whether the app is the AWS console, which the gateway federates into rather than proxies: its URI's host is
 * AWS's console or the configured one (a stand-in in tests, or a partition's own console).
 */
export function isAwsConsoleApp(app: Pick<AppRecord, 'uri'>, consoleUrl: string): boolean {
  const host = hostOf(app.uri);
  return host !== undefined && (host === awsConsoleHost || host === hostOf(consoleUrl));
}

const hostOf = (uri: string): string | undefined => {
  try {
    return new URL(uri).host.toLowerCase();
  } catch {
    return undefined;
  }
};

/**
 * The role ARNs the caller may sign in to this app as: the roles' aws_role_arns, each kept only when a role that
 * reaches this app grants it (the same check POST /sessions/app makes). A `*` grants any ARN but names none to list.
 */
export function awsRolesFor(roles: RoleSet, app: Pick<AppRecord, 'id' | 'labels'>): AwsRole[] {
  return roles
    .principals('aws_role_arns')
    .filter((arn) => arn !== '*' && roles.canAccess('app', app.labels, arn, app.id))
    .map((arn) => ({ arn, display: roleName(arn) }));
}

/** `arn:aws:iam::123456789012:role/path/Name` is shown as `path/Name`; anything else as itself. */
const roleName = (arn: string): string => {
  const at = arn.indexOf(':role/');
  return at < 0 ? arn : arn.slice(at + ':role/'.length);
};
