import type { TerminalSocket } from '@portcullis/console-kit';
import { decodeFrame, type TerminalParams } from '@portcullis/shared';
import { FakeSocket } from './fakeSocket';

/** A terminal websocket for page tests: what the page's (real) TerminalEngine sent can be read back decoded. */
export class FakeTerminalSocket extends FakeSocket implements TerminalSocket {
  constructor(
    readonly clusterId: string,
    readonly params: TerminalParams,
  ) {
    super();
  }
  /** The control messages the page's engine sent, decoded. */
  controls() {
    return this.sent.filter((f): f is string => typeof f === 'string').map((f) => decodeFrame(f));
  }
}
