import { gatewayNodes } from '@portcullis/console-kit';
import { gateway } from '../../client';

/** The cluster's nodes for the console's node lists. Made once: a NodeList given a new one starts again from page one. */
export const fetchNodes = gatewayNodes(gateway);
