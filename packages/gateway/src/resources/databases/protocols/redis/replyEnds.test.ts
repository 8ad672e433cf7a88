import { ReplyEnds } from './replyEnds';

/** The reply ends found in `bytes` fed in pieces of `size`, as offsets into the whole. */
function endsInPieces(bytes: Buffer, size: number): number[] | undefined {
  const scanner = new ReplyEnds();
  const all: number[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    const ends = scanner.ends(bytes.subarray(at, at + size));
    if (!ends) return undefined;
    all.push(...ends.map((end) => at + end));
  }
  return all;
}

/** Replies side by side, and where each ends. */
function joined(...replies: string[]): { bytes: Buffer; ends: number[] } {
  const ends: number[] = [];
  let length = 0;
  for (const reply of replies) ends.push((length += Buffer.byteLength(reply)));
  return { bytes: Buffer.from(replies.join('')), ends };
}

describe('finding where Redis replies end', () => {
  const big = 'x'.repeat(70_000) + '\r\n*1\r\n';
  it.each([
    ['simple strings, errors and integers', ['+OK\r\n', '-ERR no\r\n', ':42\r\n']],
    [
      'bulk strings holding CRLF and reply markers, and a long one',
      ['$9\r\na\r\n*2\r\n:1\r\n', `$${big.length}\r\n${big}\r\n`, '$0\r\n\r\n'],
    ],
    ['nulls of RESP2 and RESP3', ['$-1\r\n', '*-1\r\n', '_\r\n']],
    [
      'nested arrays, an empty one, maps and sets',
      [
        '*2\r\n*2\r\n:1\r\n$1\r\na\r\n*0\r\n',
        '%2\r\n+a\r\n:1\r\n+b\r\n*1\r\n:2\r\n',
        '~1\r\n+m\r\n',
      ],
    ],
    [
      'RESP3 doubles, booleans, big numbers, verbatim strings and bulk errors',
      [',1.5\r\n', '#t\r\n', '(12345678901234567890\r\n', '=8\r\ntxt:some\r\n', '!5\r\nERR x\r\n'],
    ],
    [
      'a reply with an attribute before it',
      ['|1\r\n+ttl\r\n:3\r\n$1\r\nv\r\n', '*2\r\n|1\r\n+a\r\n+b\r\n:1\r\n:2\r\n'],
    ],
  ])('%s, wherever the chunks break', (_what, replies) => {
    const { bytes, ends } = joined(...replies);
    for (const size of [1, 2, 3, 7, 64, 4096, bytes.length]) expect(endsInPieces(bytes, size)).toEqual(ends);
  });

  it('does not count a push (RESP3 out-of-band message) as a reply', () => {
    const push = '>3\r\n$10\r\ninvalidate\r\n*1\r\n$1\r\nk\r\n$-1\r\n';
    const bytes = Buffer.from(`+OK\r\n${push}:1\r\n>0\r\n`);
    expect(endsInPieces(bytes, 5)).toEqual([5, 5 + push.length + 4]);
  });

  it.each([
    ['bytes that are not RESP', 'HTTP/1.1 200 OK\r\n'],
    ['a length that is not a number', '$abc\r\nxyz\r\n'],
    ['a streamed RESP3 string', '$?\r\n;4\r\nHell\r\n;0\r\n'],
    ['a header line without CR', '+OK\n'],
  ])('loses count for good at %s', (_what, text) => {
    const scanner = new ReplyEnds();
    expect(scanner.ends(Buffer.from(`:1\r\n${text}`))).toBeUndefined();
    expect(scanner.ends(Buffer.from('+OK\r\n'))).toBeUndefined();
  });

  it('loses count at a header line longer than 64 KiB rather than keeping it', () => {
    const scanner = new ReplyEnds();
    expect(scanner.ends(Buffer.from(`+${'a'.repeat(64 * 1024 - 1)}`))).toEqual([]);
    expect(scanner.ends(Buffer.from('a'))).toBeUndefined();
  });
});
