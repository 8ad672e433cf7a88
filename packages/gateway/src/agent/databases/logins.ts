import type { DatabaseProtocol } from '../../resources/databases/protocols/protocol';
import type { Login } from './login';
import { mysqlLogin } from './mysql';
import { postgresLogin } from './postgres';
import { redisLogin } from './redis';

/** How the agent logs in to each protocol's servers. */
export const logins: Record<DatabaseProtocol, Login> = { postgres: postgresLogin, mysql: mysqlLogin, redis: redisLogin };
