import type { Duplex } from 'node:stream';
import { ClientMessageReader } from '../rfb/clientMessages';

export interface RelayRules {
  /** A view only: the browser's input, clipboard and resize requests never reach the desktop. */
  observer: boolean;
  /** Clipboard text may go to the desktop (the roles' desktop_clipboard). */
  clipboard: boolean;
  /** Clipboard data of this many bytes went to the desktop. */
  onClipboard(bytes: number): void;
  /** The user acted on the desktop (input, clipboard, a resize). */
  onInput(): void;
  /** Every chunk the desktop sent, as it goes to the browser. */
  onServerBytes?(chunk: Buffer): void;
  /** Tells the browser why the session ends, before its socket closes. */
  sayWhy(reason: string): void;
}

export interface Relay {
  /** Ends the session, telling the browser why. */
  end(reason: string): void;
  /** Resolves once both sides have closed, with why the session ended when the gateway ended it (undefined when a side left), and whether that was an error. */
  closed: Promise<{ reason?: string; error?: string }>;
}

/**
 * The RFB session past its opening: the desktop's bytes go to the browser untouched, while the browser's are
 * read message by message so the rules apply to each (an observer's input and clipboard dropped, clipboard off
 * dropping ClientCutText). A message the gateway cannot read ends the session with the reason. `first` is what
 * the browser sent right after its opening.
 */
export function relay(client: Duplex, link: Duplex, first: Buffer, rules: RelayRules): Relay {
  const reader = new ClientMessageReader();
  let outcome: { reason?: string; error?: string } = {};
  const end = (reason: string, error = false) => {
    if (outcome.reason === undefined) {
      outcome = { reason, ...(error && { error: reason }) };
      rules.sayWhy(reason);
    }
    client.end();
    link.destroy();
  };
  const fromBrowser = (chunk: Buffer) => {
    const { messages, error } = reader.push(chunk);
    for (const m of messages) {
      if (rules.observer && m.kind !== 'view') continue;
      if (m.kind === 'clipboard') {
        if (!rules.clipboard) continue;
        rules.onClipboard(m.clipboardBytes ?? 0);
      }
      if (m.kind !== 'view') rules.onInput();
      if (!link.write(m.bytes)) client.pause();
    }
    if (error) end(error.message, true);
  };
  link.on('drain', () => client.resume());
  client.on('drain', () => link.resume());
  if (first.length) fromBrowser(first);
  client.on('data', fromBrowser);
  link.on('data', (chunk: Buffer) => {
    rules.onServerBytes?.(chunk);
    if (!client.write(chunk)) link.pause();
  });
  link.on('error', (err) => end(`the desktop connection failed: ${err.message}`, true));
  // The desktop hung up: the browser hears the end after what the desktop sent last.
  link.once('end', () => {
    client.end();
    link.destroy();
  });
  link.once('close', () => {
    if (!client.destroyed) client.end();
  });
  // The browser left: the desktop's connection goes with it.
  client.once('end', () => client.destroy());
  client.once('close', () => link.destroy());
  const closed = (stream: Duplex) => new Promise<void>((resolve) => (stream.destroyed ? resolve() : stream.once('close', () => resolve())));
  return { end: (reason) => end(reason), closed: Promise.all([closed(client), closed(link)]).then(() => outcome) };
}
