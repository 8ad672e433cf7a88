import { z } from 'zod';
import { resourceListQuery } from '../lists/listQuery';
import { clusterParams } from '../../platform/clusters/schemas';

export const appListQuery = resourceListQuery(['name', 'uri', 'publicAddr']);

const fqdn = z.string().min(1).max(253);
const publicAddr = z.string().min(1).max(260);

/** The launcher's lookup, in each form of /apps/{fqdn}/{clusterId?}/{publicAddr?}. */
export const appDetailsParams = z.object({ fqdn }).strict();
export const appDetailsClusterParams = clusterParams.extend({ fqdn }).strict();
export const appDetailsAddrParams = clusterParams.extend({ fqdn, publicAddr }).strict();

/** The TCP app socket: the app by name in a cluster; the bearer travels as access_token. */
export const appTcpParams = clusterParams.extend({ appName: z.string().min(1).max(63) }).strict();
export const appTcpQuery = z.object({ access_token: z.string().min(1) });
