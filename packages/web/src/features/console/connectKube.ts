import { type KubeExecTarget, openKubeExecSocket } from '@portcullis/console-kit';
import { gateway } from '../../client';

/** How a terminal on a pod reaches the gateway: console-kit's socket, as this tab's user. */
export const connectKube = (target: KubeExecTarget, term: { w: number; h: number }) =>
  openKubeExecSocket(target, term, gateway);
