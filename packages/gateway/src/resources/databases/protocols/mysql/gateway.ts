import type { GatewayProtocol } from '../protocol';
import { MysqlInspector } from './inspector';
import { readOpening } from './opening';
import { errPacket, okPacket } from './packets';

/** The sequence id of the gateway's next packet to each client, by opening (it depends on how auth went). */
const nextSeq = new WeakMap<object, number>();

/** The gateway's side of MySQL and MariaDB: the greeting and handshake response, then the client's commands. */
export const mysqlProtocol: GatewayProtocol = {
  name: 'mysql',
  async open(client, defaults) {
    const { opening, nextSeq: seq } = await readOpening(client, defaults);
    nextSeq.set(opening, seq);
    return opening;
  },
  accepted(client, opening) {
    client.write(okPacket(nextSeq.get(opening) ?? 2));
  },
  // 1045 is ER_ACCESS_DENIED_ERROR, what the server answers a login it refuses.
  refusal: (message, opening) => errPacket(opening ? (nextSeq.get(opening) ?? 2) : 0, 1045, '28000', message),
  inspector: (_opening, ctx) => new MysqlInspector(ctx),
};
