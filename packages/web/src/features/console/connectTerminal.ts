import { openTerminalSocket } from '@portcullis/console-kit';
import type { TerminalParams } from '@portcullis/shared';
import { gateway } from '../../client';

/** How the console's terminals reach the gateway: console-kit's socket, as this tab's user. */
export const connectTerminal = (clusterId: string, params: TerminalParams) =>
  openTerminalSocket(clusterId, params, gateway);
