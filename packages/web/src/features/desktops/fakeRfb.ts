import type { RfbChannel, RfbClient, RfbFactory } from '@portcullis/console-kit';
import { act } from '@testing-library/react';

/**
 * A stand-in for noVNC in page tests (noVNC itself cannot load under jest): like noVNC it reads the channel it is
 * given through onmessage and closes it on disconnect, and it records what the page asked of it.
 */
export class FakeRfb extends EventTarget implements RfbClient {
  viewOnly = false;
  scaleViewport = false;
  resizeSession = false;
  received: number[][] = [];
  pasted: string[] = [];
  focused = false;
  disconnected = false;

  constructor(
    readonly target: HTMLElement,
    readonly channel: RfbChannel,
  ) {
    super();
    channel.onmessage = ({ data }) => this.received.push([...new Uint8Array(data)]);
  }

  disconnect() {
    this.disconnected = true;
    this.channel.close();
  }
  focus() {
    this.focused = true;
  }
  clipboardPasteFrom(text: string) {
    this.pasted.push(text);
  }
  /** The desktop's clipboard changed: noVNC's clipboard event. */
  remoteClipboard(text: string) {
    act(() => void this.dispatchEvent(new CustomEvent('clipboard', { detail: { text } })));
  }
}

/** An RFB factory for a page, and every client it made, newest last. */
export function fakeRfbs(): { made: FakeRfb[]; makeRfb: RfbFactory } {
  const made: FakeRfb[] = [];
  return {
    made,
    makeRfb: (target, channel) => {
      const rfb = new FakeRfb(target, channel);
      made.push(rfb);
      return rfb;
    },
  };
}
