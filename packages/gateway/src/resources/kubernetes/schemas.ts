import { kubeExecParams } from '@portcullis/shared';
import { z } from 'zod';
import { resourceListQuery } from '../lists/listQuery';
import { jsonQueryParam } from '../../platform/access/jsonQueryParam';
import { clusterParams } from '../../platform/clusters/schemas';

export const kubeListQuery = resourceListQuery(['name']);

export const kubeExecRouteParams = clusterParams.extend({ kubeCluster: z.string().min(1).max(253) }).strict();

/** The console's terminal on a pod: the bearer travels as access_token, the pod and command as JSON params. */
export const kubeExecQuery = z.object({
  access_token: z.string().min(1),
  params: jsonQueryParam(kubeExecParams),
});
