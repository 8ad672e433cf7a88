import { openMysqlConsole } from './mysql/console';
import { mysqlProtocol } from './mysql/gateway';
import { openPostgresConsole } from './postgres/console';
import { postgresProtocol } from './postgres/gateway';
import type { DatabaseProtocol, GatewayProtocol, OpenConsole } from './protocol';
import { openRedisConsole } from './redis/console';
import { redisProtocol } from './redis/gateway';

/** The protocols the gateway speaks with database clients, and the browser console's client for each. */
export const protocols: Record<DatabaseProtocol, { server: GatewayProtocol; console: OpenConsole }> = {
  postgres: { server: postgresProtocol, console: openPostgresConsole },
  mysql: { server: mysqlProtocol, console: openMysqlConsole },
  redis: { server: redisProtocol, console: openRedisConsole },
};
