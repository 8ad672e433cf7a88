import type { DaemonConnectionJson } from '@portcullis/shared';

type Target = Pick<DaemonConnectionJson, 'protocol' | 'port' | 'dbUser' | 'dbName'>;

/**
 * The command to reach the connection's local port from any terminal of this machine, with the protocol's own
 * client; the port speaks without TLS, since the way to the gateway is already encrypted.
 */
export function clientCommandLine({ protocol, port, dbUser, dbName }: Target): string {
  if (protocol === 'postgres') {
    return `psql "host=127.0.0.1 port=${port} user=${dbUser} sslmode=disable${dbName ? ` dbname=${dbName}` : ''}"`;
  }
  if (protocol === 'mysql')
    return `mysql -h 127.0.0.1 -P ${port} -u ${dbUser} --skip-ssl${dbName ? ` -D ${dbName}` : ''}`;
  if (protocol === 'redis') return `redis-cli -h 127.0.0.1 -p ${port}${dbName ? ` -n ${dbName}` : ''}`;
  return `Any ${protocol} client, at 127.0.0.1 port ${port}`;
}
