import { type DesktopTarget, gatewayDesktops, openDesktopSocket } from '@portcullis/console-kit';
import { gateway } from '../../client';

/** The cluster's desktops for the console's list. Made once: a DesktopList given a new one starts again from page one. */
export const fetchDesktops = gatewayDesktops(gateway);

/** How a desktop session reaches the gateway: console-kit's socket, as this tab's user. */
export const connectDesktop = (target: DesktopTarget, size: { width: number; height: number }) =>
  openDesktopSocket(target, size, gateway);
