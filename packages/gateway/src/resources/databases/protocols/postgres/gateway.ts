import type { GatewayProtocol } from '../protocol';
import { PostgresInspector } from './inspector';
import { authenticationOk, errorResponse, negotiateProtocolVersion } from './messages';
import { readOpening } from './opening';

/**
 * The protocol options each opening must be told are declined (see PostgresOpening.downgrade), kept beside the
 * opening rather than in its `upstream`, which is what the agent gets.
 */
const downgrades = new WeakMap<object, string[]>();

/** The gateway's side of PostgreSQL: the opening up to the StartupMessage, then the client's messages. */
export const postgresProtocol: GatewayProtocol = {
  name: 'postgres',
  async open(client, defaults) {
    const { opening, downgrade } = await readOpening(client, defaults);
    if (downgrade) downgrades.set(opening, downgrade);
    return opening;
  },
  accepted(client, opening) {
    const downgrade = downgrades.get(opening);
    client.write(
      downgrade ? Buffer.concat([negotiateProtocolVersion(downgrade), authenticationOk]) : authenticationOk,
    );
  },
  // 28000 is invalid_authorization_specification, what PostgreSQL itself answers a login it refuses with.
  refusal: (message) => errorResponse('FATAL', '28000', message),
  inspector: () => new PostgresInspector(),
};
