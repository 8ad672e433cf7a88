import { UpstreamProtocolError, type ResponseHead } from './responseHead';

/** How a response's body is delimited on the connection (RFC 9112 §6.3). */
export type Framing = { kind: 'none' } | { kind: 'length'; bytes: number } | { kind: 'chunked' } | { kind: 'close' };

/**
 * The framing of a response to a request with `method`, and whether the connection may carry another request
 * after it. Answers to HEAD and 1xx, 204 and 304 have no body whatever their headers say; Transfer-Encoding
 * overrides Content-Length; a body delimited by neither runs until the upstream closes.
 */
export function responseFraming(head: ResponseHead, method: string): { framing: Framing; reusable: boolean } {
  let transferEncoding: string | undefined;
  let contentLength: string | undefined;
  let connection = '';
  const raw = head.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (name === 'transfer-encoding') transferEncoding = transferEncoding === undefined ? value : `${transferEncoding}, ${value}`;
    else if (name === 'content-length') {
      // Repeated (or listed) values must all agree, or the body's end is ambiguous (RFC 9110 §8.6).
      for (const part of value.split(',')) {
        const n = part.trim();
        if (contentLength !== undefined && contentLength !== n) throw new UpstreamProtocolError('the response has conflicting Content-Length headers');
        contentLength = n;
      }
    } else if (name === 'connection') connection += `,${value.toLowerCase()}`;
  }
  // Most responses name no Connection option: the version's default holds.
  const tokens = connection ? connection.split(',').map((t) => t.trim()) : [];
  let reusable = head.minor === 1 ? !tokens.includes('close') : tokens.includes('keep-alive');
  let framing: Framing;
  if (method === 'HEAD' || head.status < 200 || head.status === 204 || head.status === 304) framing = { kind: 'none' };
  else if (transferEncoding !== undefined) framing = /(^|,)\s*chunked\s*$/i.test(transferEncoding) ? { kind: 'chunked' } : { kind: 'close' };
  else if (contentLength !== undefined) {
    if (!/^\d{1,15}$/.test(contentLength)) throw new UpstreamProtocolError('the response has an invalid Content-Length');
    const bytes = Number(contentLength);
    framing = bytes === 0 ? { kind: 'none' } : { kind: 'length', bytes };
  } else framing = { kind: 'close' };
  if (framing.kind === 'close') reusable = false;
  return { framing, reusable };
}

/** Where the chunked reader is: in a size line, a chunk's data, the CRLF after it, or the trailer section. */
const Chunked = {
  Size: 0,
  Extension: 1,
  SizeLf: 2,
  Data: 3,
  DataCr: 4,
  DataLf: 5,
  TrailerStart: 6,
  TrailerLine: 7,
  EndLf: 8,
} as const;
type ChunkedState = (typeof Chunked)[keyof typeof Chunked];

/** Hex digits of a chunk size beyond which it could not be a safe integer. */
const maxSizeDigits = 13;

/**
 * Finds the end of a response body in the bytes the upstream sends, passing the body's data on as it comes:
 * `push` emits each piece of data as a view into the chunk (nothing is copied; chunked framing is stripped, so
 * whoever writes it on frames it anew) and answers the offset in the chunk just past the body's end, or -1 while
 * more is to come. A body framed by the connection's close never ends here: the caller ends it at close.
 */
export class ResponseBodyReader {
  private remaining: number;
  private state: ChunkedState = Chunked.Size;
  private digits = 0;

  constructor(private readonly framing: Exclude<Framing, { kind: 'none' }>) {
    this.remaining = framing.kind === 'length' ? framing.bytes : 0;
  }

  get endsAtClose(): boolean {
    return this.framing.kind === 'close';
  }

  push(chunk: Buffer, emit: (data: Buffer) => void): number {
    switch (this.framing.kind) {
      case 'close':
        emit(chunk);
        return -1;
      case 'length': {
        const take = Math.min(this.remaining, chunk.length);
        emit(take === chunk.length ? chunk : chunk.subarray(0, take));
        this.remaining -= take;
        return this.remaining === 0 ? take : -1;
      }
      case 'chunked':
        return this.pushChunked(chunk, emit);
    }
  }

  private pushChunked(chunk: Buffer, emit: (data: Buffer) => void): number {
    let i = 0;
    while (i < chunk.length) {
      if (this.state === Chunked.Data) {
        const take = Math.min(this.remaining, chunk.length - i);
        emit(chunk.subarray(i, i + take));
        i += take;
        this.remaining -= take;
        if (this.remaining === 0) this.state = Chunked.DataCr;
        continue;
      }
      const byte = chunk[i++]!;
      switch (this.state) {
        case Chunked.Size: {
          const digit = hexValue(byte);
          if (digit >= 0 && this.digits < maxSizeDigits) {
            this.remaining = this.remaining * 16 + digit;
            this.digits++;
          } else if (this.digits > 0 && (byte === 0x3b || byte === 0x20 || byte === 0x09)) this.state = Chunked.Extension;
          else if (this.digits > 0 && byte === 0x0d) this.state = Chunked.SizeLf;
          else throw new UpstreamProtocolError('the response has a malformed chunk size');
          break;
        }
        case Chunked.Extension:
          // Chunk extensions (and whitespace before them) carry nothing the proxy uses.
          if (byte === 0x0d) this.state = Chunked.SizeLf;
          break;
        case Chunked.SizeLf:
          expect(byte, 0x0a);
          this.digits = 0;
          this.state = this.remaining === 0 ? Chunked.TrailerStart : Chunked.Data;
          break;
        case Chunked.DataCr:
          expect(byte, 0x0d);
          this.state = Chunked.DataLf;
          break;
        case Chunked.DataLf:
          expect(byte, 0x0a);
          this.state = Chunked.Size;
          break;
        case Chunked.TrailerStart:
          // Trailer fields are dropped, as Node's own proxying of a body drops them; the blank line ends the body.
          this.state = byte === 0x0d ? Chunked.EndLf : Chunked.TrailerLine;
          break;
        case Chunked.TrailerLine:
          if (byte === 0x0a) this.state = Chunked.TrailerStart;
          break;
        case Chunked.EndLf:
          expect(byte, 0x0a);
          return i;
      }
    }
    return -1;
  }
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

function expect(byte: number, wanted: number): void {
  if (byte !== wanted) throw new UpstreamProtocolError('the response’s chunked framing is malformed');
}
