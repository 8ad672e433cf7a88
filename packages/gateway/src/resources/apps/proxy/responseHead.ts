/** A response's status line and headers, as the upstream sent them. */
export interface ResponseHead {
  status: number;
  /** The reason phrase ('' when the upstream sent none). */
  message: string;
  /** HTTP/1.0 (0) or HTTP/1.1 (1). */
  minor: number;
  /** [name, value, …] in the upstream's order and case, repeated names kept (as IncomingMessage.rawHeaders). */
  rawHeaders: string[];
}

/** An upstream that does not speak HTTP/1.x as it should, or sends a head larger than the limit. */
export class UpstreamProtocolError extends Error {}

const statusLine = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: (.*))?$/;
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const invalidValue = /[^\t\x20-\x7e\x80-\xff]/;
const headEnd = Buffer.from('\r\n\r\n');

/**
 * Collects a response head from the chunks the upstream sends, up to the blank line that ends it, without
 * copying in the usual case (the whole head in one chunk). Answers the head and the bytes after it (the body's
 * start), or undefined while the head is still incomplete; throws UpstreamProtocolError when the head grows past
 * `maxBytes` or is not HTTP/1.x.
 */
export class ResponseHeadReader {
  private pending: Buffer | undefined;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): { head: ResponseHead; rest: Buffer } | undefined {
    let buf = chunk;
    let from = 0;
    if (this.pending) {
      // The terminator may straddle the two chunks: search from just before the join.
      from = Math.max(0, this.pending.length - 3);
      buf = Buffer.concat([this.pending, chunk]);
    }
    const end = buf.indexOf(headEnd, from);
    if ((end === -1 ? buf.length : end + 4) > this.maxBytes) throw new UpstreamProtocolError(`the response head is larger than ${this.maxBytes} bytes`);
    if (end === -1) {
      this.pending = buf;
      return undefined;
    }
    this.pending = undefined;
    return { head: parseHead(buf.toString('latin1', 0, end)), rest: buf.subarray(end + 4) };
  }
}

/** Header names and values stay latin1 strings (as Node's own parser gives them), so every byte passes unchanged. */
function parseHead(text: string): ResponseHead {
  const lines = text.split('\r\n');
  const status = statusLine.exec(lines[0]!);
  if (!status || invalidValue.test(status[3] ?? '')) throw new UpstreamProtocolError('the response does not start with an HTTP/1.x status line');
  const rawHeaders: string[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line[0] === ' ' || line[0] === '\t') {
      // Obsolete line folding (RFC 9112 §5.2): the continuation joins the previous value with a space.
      const more = line.trim();
      if (!rawHeaders.length || invalidValue.test(more)) throw new UpstreamProtocolError('the response has a malformed header line');
      rawHeaders[rawHeaders.length - 1] += ` ${more}`;
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon) : '';
    const value = line.slice(colon + 1).trim();
    if (!token.test(name) || invalidValue.test(value)) throw new UpstreamProtocolError('the response has a malformed header line');
    rawHeaders.push(name, value);
  }
  return { status: Number(status[2]), message: status[3] ?? '', minor: Number(status[1]), rawHeaders };
}
