import { maxMirrorBacklogBytes, type ScreenMirror } from '../recordings/screenMirrors';
import type { Channel } from './channel';

/**
 * The owner's channel with its credit held back while the screen of a session that is not recorded lags more
 * than maxMirrorBacklogBytes: the shell then waits, as it does for a slow browser, instead of the gateway
 * queueing output in memory for a parser that cannot keep up. (A recording's screen reads its backlog from disk.)
 */
export function withCreditGate(channel: Channel, screen: ScreenMirror): Channel {
  let owed = 0;
  let waiting = false;
  const pay = () => {
    waiting = false;
    const credit = owed;
    owed = 0;
    channel.ack(credit);
  };
  return {
    onData: (listener) => channel.onData(listener),
    onExit: (listener) => channel.onExit(listener),
    ack: (bytes) => {
      owed += bytes;
      if (waiting) return;
      waiting = true;
      screen.whenWithin(maxMirrorBacklogBytes, pay);
    },
    write: (input) => channel.write(input),
    resize: (w, h) => channel.resize(w, h),
    close: () => channel.close(),
  };
}
