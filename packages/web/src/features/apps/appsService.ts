import { gatewayApps } from '@portcullis/console-kit';
import { gateway } from '../../client';

/** The cluster's applications for the console's list. Made once: an AppList given a new one starts again from page one. */
export const fetchApps = gatewayApps(gateway);
