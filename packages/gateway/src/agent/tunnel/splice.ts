import type { MuxStream } from './stream';

/**
 * Joins two tunnel streams end to end, as one gateway does for another between a peer's tunnel and an agent's:
 * data, control messages and ends pass both ways, and a reset on one resets the other. Credit is granted to a
 * side only once the other side has taken its bytes, so backpressure crosses the join as it crosses a gateway.
 */
export function splice(a: MuxStream, b: MuxStream): void {
  relay(a, b);
  relay(b, a);
}

function relay(from: MuxStream, to: MuxStream): void {
  let owed = 0;
  from.on('data', (chunk) => {
    if (to.write(chunk)) from.ack(chunk.length);
    else owed += chunk.length;
  });
  to.on('drain', () => {
    from.ack(owed);
    owed = 0;
  });
  from.on('control', (message) => to.control(message));
  from.on('end', () => to.end());
  from.on('close', (reason) => {
    if (reason) to.reset(reason);
  });
}
