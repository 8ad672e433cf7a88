import type { AppJson, AwsRole } from '@portcullis/shared';
import { fqdnOf } from './address';
import type { AppRecord } from './repo';
import { labelList } from '../lists/labels';

/**
 * The app item of the wire (spec §3's App before makeApp): a TCP app keeps its tcp:// URI, which the console shows
 * how to reach. `awsRoles` is given for an AWS console app only: the caller's role ARNs for it (aws/console.ts).
 */
export function presentApp(app: AppRecord, clusterId: string, awsRoles?: AwsRole[]) {
  return {
    name: app.name,
    description: app.description,
    uri: app.uri,
    publicAddr: app.publicAddr,
    labels: labelList(app.labels),
    clusterId,
    fqdn: fqdnOf(app.publicAddr),
    awsConsole: awsRoles !== undefined,
    awsRoles: awsRoles ?? [],
  } satisfies AppJson;
}
