import zlib from 'node:zlib';

/** Header names the SPDY/3 compression dictionary lists first, each as a 32-bit length and the name. */
const dictionaryNames = [
  'options', 'head', 'post', 'put', 'delete', 'trace', 'accept', 'accept-charset', 'accept-encoding', 'accept-language',
  'accept-ranges', 'age', 'allow', 'authorization', 'cache-control', 'connection', 'content-base', 'content-encoding',
  'content-language', 'content-length', 'content-location', 'content-md5', 'content-range', 'content-type', 'date', 'etag',
  'expect', 'expires', 'from', 'host', 'if-match', 'if-modified-since', 'if-none-match', 'if-range', 'if-unmodified-since',
  'last-modified', 'location', 'max-forwards', 'pragma', 'proxy-authenticate', 'proxy-authorization', 'range', 'referer',
  'retry-after', 'server', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'user-agent', 'vary', 'via', 'warning',
  'www-authenticate', 'method', 'get', 'status', '200 OK', 'version', 'HTTP/1.1', 'url', 'public', 'set-cookie',
  'keep-alive', 'origin',
];

/** What the dictionary continues with: status codes and lines, dates, and common values, as plain text. */
const dictionaryTail =
  '100101201202205206300302303304305306307402405406407408409410411412413414415416417502504505' +
  '203 Non-Authoritative Information204 No Content301 Moved Permanently400 Bad Request401 Unauthorized403 Forbidden' +
  '404 Not Found500 Internal Server Error501 Not Implemented503 Service Unavailable' +
  'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec 00:00:00 Mon, Tue, Wed, Thu, Fri, Sat, Sun, GMT' +
  'chunked,text/html,image/png,image/jpg,image/gif,application/xml,application/xhtml+xml,text/plain,text/javascript,' +
  'publicprivatemax-age=gzip,deflate,sdchcharset=utf-8charset=iso-8859-1,utf-,*,enq=0.';

/** The zlib dictionary both ends of a SPDY/3 connection compress header blocks with. */
export const spdyDictionary = Buffer.concat([...dictionaryNames.map(lengthPrefixed), Buffer.from(dictionaryTail, 'latin1')]);

function lengthPrefixed(text: string): Buffer {
  const bytes = Buffer.from(text, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** Header names (lower case) to their values; SPDY joins a header's several values with NUL. */
export type SpdyHeaders = Map<string, string[]>;

/** A header block before compression: a 32-bit count, then each name and value with a 32-bit length. */
export function encodeHeaderBlock(headers: SpdyHeaders): Buffer {
  const parts: Buffer[] = [Buffer.alloc(4)];
  parts[0]!.writeUInt32BE(headers.size);
  for (const [name, values] of headers) parts.push(lengthPrefixed(name), lengthPrefixed(values.join('\0')));
  return Buffer.concat(parts);
}

export function decodeHeaderBlock(block: Buffer): SpdyHeaders {
  const headers: SpdyHeaders = new Map();
  let at = 4;
  const next = () => {
    const length = block.readUInt32BE(at);
    const text = block.subarray(at + 4, at + 4 + length).toString('latin1');
    at += 4 + length;
    return text;
  };
  for (let count = block.readUInt32BE(0); count > 0; count--) {
    const name = next();
    headers.set(name, next().split('\0'));
  }
  return headers;
}

/**
 * One direction's header compression. A connection's header blocks form a single zlib stream, each block ending in a
 * sync flush, so blocks must pass through in the order they are sent or received.
 */
export class HeaderZlib {
  private readonly z: zlib.Deflate | zlib.Inflate;

  constructor(direction: 'compress' | 'decompress') {
    this.z = direction === 'compress' ? zlib.createDeflate({ dictionary: spdyDictionary }) : zlib.createInflate({ dictionary: spdyDictionary });
  }

  /** Passes one block through, resolving with all the output its sync flush gives. */
  pass(block: Buffer): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const out: Buffer[] = [];
      const collect = (chunk: Buffer) => out.push(chunk);
      this.z.on('data', collect);
      this.z.once('error', reject);
      this.z.write(block);
      this.z.flush(zlib.constants.Z_SYNC_FLUSH, () => {
        this.z.off('data', collect);
        this.z.off('error', reject);
        resolve(Buffer.concat(out));
      });
    });
  }

  close(): void {
    this.z.close();
  }
}
