import { type DatabaseConsoleTarget, openDatabaseConsoleSocket } from '@portcullis/console-kit';
import { gateway } from '../../client';

/** How the query console reaches the gateway: console-kit's socket, as this tab's user. */
export const connectDatabase = (target: DatabaseConsoleTarget) => openDatabaseConsoleSocket(target, gateway);
