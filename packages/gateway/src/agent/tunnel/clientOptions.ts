import type { ClientOptions } from 'ws';

/**
 * The websocket options of a tunnel's dialling end (an agent, a gateway dialling a peer or its root). A client
 * masks what it sends with a random key so that a page's script cannot put chosen bytes on the wire verbatim and
 * poison a proxy's cache on the way (the protocol asks for an unpredictable key for that reason alone); a
 * tunnel's client runs no page's script, so the mask protects nothing here, while it costs a copy of every byte
 * sent and a pass over it on arrival. Every frame still carries a key, all zeros, which ws at both ends
 * recognises and skips the work for.
 */
export const tunnelClientOptions = {
  generateMask: (mask: Buffer) => mask.fill(0),
  handshakeTimeout: 10_000,
} satisfies ClientOptions;
