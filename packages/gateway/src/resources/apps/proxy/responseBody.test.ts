import { ResponseBodyReader, responseFraming, type Framing } from './responseBody';
import { UpstreamProtocolError, type ResponseHead } from './responseHead';

const response = (status: number, rawHeaders: string[], minor = 1): ResponseHead => ({
  status,
  message: '',
  minor,
  rawHeaders,
});

/** Feeds the pieces in turn; answers the body's data and, once it ended, the piece and offset just past its end. */
function read(framing: Exclude<Framing, { kind: 'none' }>, pieces: Buffer[]) {
  const reader = new ResponseBodyReader(framing);
  const data: Buffer[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const end = reader.push(pieces[i]!, (d) => data.push(d));
    if (end !== -1) return { data: Buffer.concat(data).toString('latin1'), piece: i, end };
  }
  return { data: Buffer.concat(data).toString('latin1'), piece: -1, end: -1 };
}

describe('how an upstream response is framed', () => {
  it('answers to HEAD, 1xx, 204 and 304 have no body, whatever their headers say', () => {
    const withLength = ['Content-Length', '10'];
    expect(responseFraming(response(200, withLength), 'HEAD')).toEqual({
      framing: { kind: 'none' },
      reusable: true,
    });
    for (const status of [103, 204, 304])
      expect(responseFraming(response(status, ['Transfer-Encoding', 'chunked']), 'GET').framing).toEqual({
        kind: 'none',
      });
  });

  it('Transfer-Encoding wins over Content-Length; chunked only as the last coding, else the body runs to the close', () => {
    expect(responseFraming(response(200, ['Content-Length', '3', 'Transfer-Encoding', 'chunked']), 'GET')).toEqual({
      framing: { kind: 'chunked' },
      reusable: true,
    });
    expect(responseFraming(response(200, ['Transfer-Encoding', 'gzip', 'Transfer-Encoding', 'Chunked']), 'GET').framing).toEqual({ kind: 'chunked' });
    expect(responseFraming(response(200, ['Transfer-Encoding', 'chunked, gzip']), 'GET')).toEqual({
      framing: { kind: 'close' },
      reusable: false,
    });
  });

  it('Content-Length gives the body’s size; repeated values must agree', () => {
    expect(responseFraming(response(200, ['content-length', '1024']), 'GET')).toEqual({
      framing: { kind: 'length', bytes: 1024 },
      reusable: true,
    });
    expect(responseFraming(response(200, ['Content-Length', '0']), 'POST').framing).toEqual({ kind: 'none' });
    expect(responseFraming(response(200, ['Content-Length', '7, 7', 'Content-Length', '7']), 'GET').framing).toEqual({ kind: 'length', bytes: 7 });
    expect(() => responseFraming(response(200, ['Content-Length', '7', 'Content-Length', '8']), 'GET')).toThrow(UpstreamProtocolError);
    expect(() => responseFraming(response(200, ['Content-Length', '-1']), 'GET')).toThrow(UpstreamProtocolError);
  });

  it('a body with neither runs until the upstream closes, so the connection is not kept', () => {
    expect(responseFraming(response(200, []), 'GET')).toEqual({
      framing: { kind: 'close' },
      reusable: false,
    });
  });

  it('HTTP/1.1 keeps the connection unless told to close; HTTP/1.0 only when told to keep it', () => {
    const sized = ['Content-Length', '1'];
    expect(responseFraming(response(200, [...sized, 'Connection', 'Close']), 'GET').reusable).toBe(false);
    expect(responseFraming(response(200, sized, 0), 'GET').reusable).toBe(false);
    expect(responseFraming(response(200, [...sized, 'Connection', 'Keep-Alive'], 0), 'GET').reusable).toBe(true);
  });
});

describe('finding the end of an upstream response body', () => {
  const chunked = Buffer.from('5;name=value\r\nhello\r\n7 \r\n, world\r\n11\r\n and sixteen more\r\n0\r\nX-Trailer: dropped\r\n\r\n');
  const text = 'hello, world and sixteen more';

  it('strips chunked framing (extensions and trailers too) and ends just past the last CRLF, wherever the bytes are split', () => {
    expect(read({ kind: 'chunked' }, [chunked])).toEqual({ data: text, piece: 0, end: chunked.length });
    for (let at = 1; at < chunked.length; at++) {
      expect(read({ kind: 'chunked' }, [chunked.subarray(0, at), chunked.subarray(at)])).toEqual({
        data: text,
        piece: 1,
        end: chunked.length - at,
      });
    }
    const single = [...chunked].map((b) => Buffer.from([b]));
    expect(read({ kind: 'chunked' }, single)).toEqual({ data: text, piece: single.length - 1, end: 1 });
  });

  it('passes the data on as views of the chunks, not copies', () => {
    const pieces: Buffer[] = [];
    new ResponseBodyReader({ kind: 'chunked' }).push(chunked, (d) => pieces.push(d));
    expect(pieces.map((p) => [p.buffer === chunked.buffer, p.toString()])).toEqual([
      [true, 'hello'],
      [true, ', world'],
      [true, ' and sixteen more'],
    ]);
  });

  it('tells where the body ended when more bytes follow it in the same chunk', () => {
    expect(read({ kind: 'chunked' }, [Buffer.concat([chunked, Buffer.from('HTTP/1.1')])])).toEqual({
      data: text,
      piece: 0,
      end: chunked.length,
    });
    expect(read({ kind: 'length', bytes: 5 }, [Buffer.from('hel'), Buffer.from('lo extra')])).toEqual({
      data: 'hello',
      piece: 1,
      end: 2,
    });
  });

  it('a Content-Length body ends after its bytes, wherever they are split', () => {
    const body = Buffer.from('0123456789');
    for (let at = 1; at < body.length; at++) {
      expect(read({ kind: 'length', bytes: 10 }, [body.subarray(0, at), body.subarray(at)])).toEqual({
        data: '0123456789',
        piece: 1,
        end: 10 - at,
      });
    }
  });

  it('a body delimited by the close never ends by its bytes', () => {
    expect(read({ kind: 'close' }, [Buffer.from('0\r\n\r\n'), Buffer.from('more')])).toEqual({
      data: '0\r\n\r\nmore',
      piece: -1,
      end: -1,
    });
  });

  it.each([
    ['no size', '\r\nhello\r\n'],
    ['a size that is not hex', 'g\r\n'],
    ['a size too large to be a safe integer', `${'f'.repeat(14)}\r\n`],
    ['data longer than its size', '2\r\nabc\r\n'],
    ['a bare LF after the size', '2\nab\r\n'],
  ])('refuses chunked framing with %s', (_why, text) => {
    expect(() => read({ kind: 'chunked' }, [Buffer.from(text)])).toThrow(UpstreamProtocolError);
  });
});
