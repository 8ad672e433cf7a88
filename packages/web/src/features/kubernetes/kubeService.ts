import { gatewayKubes } from '@portcullis/console-kit';
import { gateway } from '../../client';

/** The cluster's Kubernetes clusters as this tab's user sees them. Made once: a KubeList given a new one starts again. */
export const fetchKubes = gatewayKubes(gateway);
