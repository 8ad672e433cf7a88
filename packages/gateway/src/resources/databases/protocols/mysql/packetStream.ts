import type { PacketReader } from '../packetReader';

export interface Packet {
  seq: number;
  payload: Buffer;
}

/**
 * Reads one packet of the handshake off a stream; `check` sees the 4-byte header first and throws when it cannot
 * start the packet expected (so a stranger's bytes are named before their "length" is waited for). Handshake
 * packets are far below 16 MiB, so none is continued. Undefined when the stream ended first.
 */
export async function readPacket(
  reader: PacketReader,
  check: (header: Buffer) => void,
): Promise<Packet | undefined> {
  const header = await reader.take(4);
  if (!header) return undefined;
  check(header);
  const payload = await reader.take(header.readUIntLE(0, 3));
  return payload && { seq: header[3]!, payload };
}
