// noVNC ships no types: its declaration must come along wherever these sources are compiled (the web app compiles them too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./novnc.d.ts" />
import RFB, { type RfbChannel } from '@novnc/novnc';

export type { RfbChannel };

/** The part of noVNC's RFB client the desktop session and player drive; tests hand in a stand-in. */
export interface RfbClient {
  viewOnly: boolean;
  scaleViewport: boolean;
  resizeSession: boolean;
  disconnect(): void;
  focus(options?: FocusOptions): void;
  clipboardPasteFrom(text: string): void;
  /** 'clipboard' is a CustomEvent whose detail holds the desktop's clipboard text. */
  addEventListener(type: 'clipboard', listener: (event: Event) => void): void;
}

/** Makes an RFB client drawing into `target` and speaking over `channel`. */
export type RfbFactory = (target: HTMLElement, channel: RfbChannel) => RfbClient;

/** noVNC itself, as the browser runs it. */
export const novncRfb: RfbFactory = (target, channel) => new RFB(target, channel) as unknown as RfbClient;
