import type { DatabaseProtocol } from '../protocols/protocol';

/**
 * The protocols the database listener serves: PostgreSQL (its SSLRequest, or TLS at once) and Redis (TLS at
 * once, as redis-cli --tls). MySQL starts TLS only after the server's greeting, inside its own protocol, so it
 * stays on the websocket path.
 */
export const directProtocols: ReadonlySet<DatabaseProtocol> = new Set(['postgres', 'redis']);
