import type { RecordingTextKind } from '@portcullis/shared';
import { EscapeFilter } from './escapes';

/** Lines longer than this are cut into several: a screenful with no line break is still searchable, and bounded. */
export const maxLineChars = 1000;

export interface TextLine {
  /** Milliseconds into the session at which the line began. */
  t: number;
  kind: RecordingTextKind;
  text: string;
}

// C0, DEL and C1: the characters a terminal acts on rather than prints.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controls = /[\x00-\x1f\x7f-\x9f]/g;

/**
 * Turns a stream of terminal bytes into text lines. Output: every CR or LF ends a line, so a line redrawn after
 * a carriage return (a progress counter) counts as a new one; backspace takes back a character. Input: the line a
 * participant typed, ended by Enter, with backspace and DEL applied and Ctrl-C discarding it. Escape sequences
 * (colours, cursor moves, arrow keys) are dropped, as are other control characters; UTF-8 split between chunks
 * is decoded whole.
 *
 * `wanted` says whether text is taken at all just now. While it is not, bytes are passed over unread up to the
 * next line break, where reading starts afresh: decoding and filtering a flood costs more than everything else
 * the gateway does with it, and its lines would only be dropped. The line in progress is dropped with them.
 */
export class TextLines {
  private decoder = new TextDecoder();
  private escapes = new EscapeFilter();
  private line = '';
  private lineT = 0;
  private skipping = false;

  constructor(
    readonly kind: RecordingTextKind,
    private readonly emit: (line: TextLine) => void,
    private readonly wanted: () => boolean = () => true,
  ) {}

  write(t: number, chunk: Uint8Array): void {
    const bytes = this.skipping || !this.wanted() ? this.skip(chunk) : chunk;
    if (!bytes.length) return;
    const text = this.escapes.strip(this.decoder.decode(bytes, { stream: true }));
    let from = 0;
    for (const m of text.matchAll(controls)) {
      this.append(t, text.slice(from, m.index));
      this.control(t, m[0]);
      from = m.index + 1;
    }
    this.append(t, text.slice(from));
  }

  /** What of `chunk` is read again: from its first line break on, the break included to end the dropped line. */
  private skip(chunk: Uint8Array): Uint8Array {
    // A Buffer's indexOf is a memchr; a plain Uint8Array's looks at each byte in turn.
    const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const breaks = [view.indexOf(0x0a), view.indexOf(0x0d)].filter((i) => i >= 0);
    if (!this.skipping) {
      this.skipping = true;
      this.line = '';
      this.decoder = new TextDecoder();
      this.escapes = new EscapeFilter();
    }
    if (!breaks.length) return chunk.subarray(chunk.length);
    this.skipping = false;
    return chunk.subarray(Math.min(...breaks));
  }

  /** The session ended: what is left of the last line is a line too. */
  end(t: number): void {
    this.append(t, this.escapes.strip(this.decoder.decode()));
    this.endLine();
  }

  private control(t: number, c: string): void {
    if (c === '\r' || c === '\n') this.endLine();
    else if (c === '\b' || (c === '\x7f' && this.kind === 'input')) this.line = this.line.slice(0, -1);
    else if (c === '\x03' && this.kind === 'input') this.line = '';
    // A tab the terminal prints is blank space; one typed asks the shell to complete, which the output shows.
    else if (c === '\t' && this.kind === 'output') this.append(t, ' ');
  }

  private append(t: number, text: string): void {
    if (!text) return;
    if (!this.line) this.lineT = t;
    this.line += text;
    while (this.line.length >= maxLineChars) {
      const rest = this.line.slice(maxLineChars);
      this.line = this.line.slice(0, maxLineChars);
      this.endLine();
      this.line = rest;
      this.lineT = t;
    }
  }

  private endLine(): void {
    const text = this.line.trimEnd();
    this.line = '';
    if (text.trim()) this.emit({ t: this.lineT, kind: this.kind, text });
  }
}
