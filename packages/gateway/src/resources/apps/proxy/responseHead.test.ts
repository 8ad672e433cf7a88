import { ResponseHeadReader, UpstreamProtocolError } from './responseHead';

const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Length: 5\r\n\r\n';
const expected = {
  status: 200,
  message: 'OK',
  minor: 1,
  rawHeaders: ['Content-Type', 'text/plain', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2', 'Content-Length', '5'],
};

/** Feeds the pieces in turn; answers the head, the body bytes after it, and after which piece it was complete. */
function read(pieces: Buffer[], maxBytes = 4096) {
  const reader = new ResponseHeadReader(maxBytes);
  for (let i = 0; i < pieces.length; i++) {
    const got = reader.push(pieces[i]!);
    if (got) return { ...got, rest: got.rest.toString('latin1'), at: i };
  }
  return undefined;
}

describe('reading an upstream response head', () => {
  it('reads a head and hands back the body bytes after it, as a view of the same chunk', () => {
    const chunk = Buffer.from(`${head}hello`);
    const got = new ResponseHeadReader(4096).push(chunk)!;
    expect(got.head).toEqual(expected);
    expect(got.rest.toString()).toBe('hello');
    expect(got.rest.buffer).toBe(chunk.buffer);
  });

  it('reads the same head split in two at every byte, and byte by byte', () => {
    const bytes = Buffer.from(`${head}hello`);
    for (let at = 1; at < bytes.length; at++) {
      const got = read([bytes.subarray(0, at), bytes.subarray(at)]);
      const inFirst = at >= head.length;
      expect([got?.head, got?.rest, got?.at]).toEqual([expected, inFirst ? 'hello'.slice(0, at - head.length) : 'hello', inFirst ? 0 : 1]);
    }
    const single = [...bytes].map((b) => Buffer.from([b]));
    expect(read(single)).toEqual({ head: expected, rest: '', at: head.length - 1 });
  });

  it('keeps header bytes as they were sent (latin1), folds continuation lines, and takes a status line without a reason', () => {
    const got = read([Buffer.from('HTTP/1.0 204\r\nX-Name: caf\xe9\r\nX-Folded: one\r\n  two\r\n\r\n', 'latin1')]);
    expect(got?.head).toEqual({
      status: 204,
      message: '',
      minor: 0,
      rawHeaders: ['X-Name', 'caf\xe9', 'X-Folded', 'one two'],
    });
  });

  it('refuses a head larger than the limit, whether it is complete or still arriving', () => {
    expect(read([Buffer.from(head)], head.length)?.head).toEqual(expected);
    expect(() => read([Buffer.from(head)], head.length - 1)).toThrow(new UpstreamProtocolError(`the response head is larger than ${head.length - 1} bytes`));
    expect(() => read([Buffer.from('HTTP/1.1 200 OK\r\n'), Buffer.from(`X-Big: ${'x'.repeat(100)}`)], 64)).toThrow(UpstreamProtocolError);
  });

  it.each([
    ['not HTTP', 'SSH-2.0-OpenSSH\r\n\r\n'],
    ['HTTP/2 status line', 'HTTP/2 200 OK\r\n\r\n'],
    ['status below 100', 'HTTP/1.1 099 Odd\r\n\r\n'],
    ['header without a colon', 'HTTP/1.1 200 OK\r\nNoColon\r\n\r\n'],
    ['space in a header name', 'HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n'],
    ['control character in a value', 'HTTP/1.1 200 OK\r\nX-Bad: a\x01b\r\n\r\n'],
    ['continuation before any header', 'HTTP/1.1 200 OK\r\n folded\r\n\r\n'],
  ])('refuses a malformed head: %s', (_why, text) => {
    expect(() => read([Buffer.from(text, 'latin1')])).toThrow(UpstreamProtocolError);
  });
});
