import type { MuxStream } from './tunnel/stream';

/** Answers a stream request the agent cannot serve: why, as an error control message, then a reset. */
export function refuseBadRequest(stream: MuxStream, why: string): void {
  stream.control({ type: 'error', message: `bad request: ${why}` });
  stream.reset('bad request');
}
