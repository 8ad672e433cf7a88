/** A server's reply, RESP2 or RESP3 (after HELLO 3), reduced to what a client shows. */
export type Reply =
  /** Simple strings, and RESP3's doubles, big numbers and booleans, as text. */
  | { type: 'simple'; text: string }
  | { type: 'integer'; text: string }
  | { type: 'bulk'; value: Buffer }
  /** Simple and bulk errors: the error's code and message, as Redis writes them ('ERR unknown command …'). */
  | { type: 'error'; text: string }
  | { type: 'null' }
  /** Arrays, and RESP3's sets and pushes. */
  | { type: 'array'; items: Reply[] }
  | { type: 'map'; entries: Array<[Reply, Reply]> };

/** The server's bytes are not RESP. */
export class ReplyFormatError extends Error {
  override readonly name = 'ReplyFormatError';
}

const CRLF = Buffer.from('\r\n');

/** A command as every Redis client sends it: an array of bulk strings. */
export function encodeCommand(args: ReadonlyArray<string | Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const arg of args) {
    const bytes = typeof arg === 'string' ? Buffer.from(arg) : arg;
    parts.push(Buffer.from(`$${bytes.length}\r\n`), bytes, CRLF);
  }
  return Buffer.concat(parts);
}

/** Marks a value the buffer does not yet hold whole. */
const incomplete = Symbol('incomplete');

/**
 * Reads a server's replies from chunks. An unfinished reply is parsed again from its start when more bytes come:
 * simple, and cheap for the small replies of a login or a console.
 */
export class ReplyReader {
  private buffer: Buffer = Buffer.alloc(0);
  private pos = 0;

  push(chunk: Buffer): Reply[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const replies: Reply[] = [];
    for (;;) {
      this.pos = 0;
      const reply = this.value();
      if (reply === incomplete) return replies;
      replies.push(reply);
      this.buffer = this.buffer.subarray(this.pos);
    }
  }

  private line(): string | typeof incomplete {
    const cr = this.buffer.indexOf(CRLF, this.pos);
    if (cr < 0) return incomplete;
    const text = this.buffer.toString('utf8', this.pos, cr);
    this.pos = cr + 2;
    return text;
  }

  private length(): number | typeof incomplete {
    const text = this.line();
    if (text === incomplete) return incomplete;
    if (!/^-?\d+$/.test(text))
      throw new ReplyFormatError(`a length that is not a number: ${text.slice(0, 40)}`);
    return Number(text);
  }

  private bulk(): Buffer | null | typeof incomplete {
    const n = this.length();
    if (n === incomplete) return incomplete;
    if (n < 0) return null;
    if (this.buffer.length < this.pos + n + 2) return incomplete;
    const value = this.buffer.subarray(this.pos, this.pos + n);
    this.pos += n + 2;
    return value;
  }

  private items(count: number): Reply[] | typeof incomplete {
    const items: Reply[] = [];
    for (let i = 0; i < count; i++) {
      const item = this.value();
      if (item === incomplete) return incomplete;
      items.push(item);
    }
    return items;
  }

  private value(): Reply | typeof incomplete {
    if (this.pos >= this.buffer.length) return incomplete;
    const marker = String.fromCharCode(this.buffer[this.pos++]!);
    switch (marker) {
      case '+':
      case ',':
      case '(':
      case '#': {
        const text = this.line();
        return text === incomplete
          ? text
          : { type: 'simple', text: marker === '#' ? (text === 't' ? 'true' : 'false') : text };
      }
      case ':': {
        const text = this.line();
        return text === incomplete ? text : { type: 'integer', text };
      }
      case '-': {
        const text = this.line();
        return text === incomplete ? text : { type: 'error', text };
      }
      case '_': {
        const text = this.line();
        return text === incomplete ? text : { type: 'null' };
      }
      case '$':
      case '=':
      case '!': {
        const value = this.bulk();
        if (value === incomplete) return value;
        if (value === null) return { type: 'null' };
        if (marker === '!') return { type: 'error', text: value.toString('utf8') };
        // A verbatim string starts with its format ('txt:'), which is not part of the text.
        return { type: 'bulk', value: marker === '=' ? value.subarray(4) : value };
      }
      case '*':
      case '~':
      case '>': {
        const count = this.length();
        if (count === incomplete) return count;
        if (count < 0) return { type: 'null' };
        const items = this.items(count);
        return items === incomplete ? items : { type: 'array', items };
      }
      case '%':
      case '|': {
        const count = this.length();
        if (count === incomplete) return count;
        const flat = this.items(count * 2);
        if (flat === incomplete) return flat;
        // An attribute describes the reply that follows it, which is the reply.
        if (marker === '|') return this.value();
        const entries: Array<[Reply, Reply]> = [];
        for (let i = 0; i < flat.length; i += 2) entries.push([flat[i]!, flat[i + 1]!]);
        return { type: 'map', entries };
      }
      default:
        throw new ReplyFormatError(`not a RESP reply (byte 0x${marker.charCodeAt(0).toString(16)})`);
    }
  }
}
