// noVNC ships no type declarations: these cover the part of its RFB client the desktop session and player use
// (docs/API.md of @novnc/novnc 1.7).
declare module '@novnc/novnc' {
  /** What noVNC reads and sets on a channel it is handed instead of a URL (core/websock.js). */
  export interface RfbChannel {
    binaryType: string;
    readonly readyState: number;
    readonly protocol: string;
    send(data: Uint8Array): void;
    close(): void;
    onopen: (() => void) | null;
    onmessage: ((event: { data: ArrayBuffer | Uint8Array }) => void) | null;
    onclose: ((event: { code: number; reason: string }) => void) | null;
    onerror: ((event: unknown) => void) | null;
  }

  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, urlOrChannel: string | RfbChannel, options?: { shared?: boolean });
    viewOnly: boolean;
    scaleViewport: boolean;
    resizeSession: boolean;
    focusOnClick: boolean;
    background: string;
    disconnect(): void;
    focus(options?: FocusOptions): void;
    clipboardPasteFrom(text: string): void;
  }
}
