/** Headers as sent: pairs, so a name may repeat; values are written as latin1 bytes, unchecked. */
export type HeaderList = [string, string][];

export interface HostileHeaders {
  label: string;
  /** Replace the client's own headers of the same names (its cookie, bearer token, CSRF token) and add the rest. */
  headers: HeaderList;
}

/** Node's default limit on the size of all headers together. */
export const headerLimit = 16 * 1024;

/**
 * Headers every route gets once. `csrf` is the client's real CSRF token: several sets keep its length and change
 * its bytes, so the comparison runs on them rather than stopping at a length check.
 */
export function hostileHeaders(csrf: string): HostileHeaders[] {
  const sameLengthNonAscii = `\xe9${csrf.slice(1)}`;
  return [
    { label: 'one header over the size limit', headers: [['x-fuzz', 'a'.repeat(headerLimit + 1)]] },
    { label: 'headers just under the size limit', headers: [['x-fuzz', 'a'.repeat(headerLimit - 2048)]] },
    { label: '3000 headers', headers: Array.from({ length: 3000 }, (_, i): [string, string] => [`x-f${i}`, '1']) },
    { label: '1500 copies of one header', headers: Array.from({ length: 1500 }, (): [string, string] => ['x-csrf-token', csrf.slice(0, 8)]) },
    { label: 'CSRF token of the right length with a byte that is not ASCII', headers: [['x-csrf-token', sameLengthNonAscii]] },
    { label: 'bearer token of the right length with a byte that is not ASCII', headers: [['authorization', `Bearer \xe9${'a'.repeat(63)}`]] },
    { label: 'CSRF token twice', headers: [['x-csrf-token', csrf], ['x-csrf-token', csrf]] },
    { label: 'CSRF cookie and token of the right length, not ASCII', headers: [['cookie', `grv_csrf=${sameLengthNonAscii}`], ['x-csrf-token', sameLengthNonAscii]] },
    { label: 'bearer token that is not UTF-8', headers: [['authorization', 'Bearer \xff\xfe\xfd']] },
    { label: 'bearer token of 8 KiB', headers: [['authorization', `Bearer ${'a'.repeat(8192)}`]] },
    { label: 'bearer without a token', headers: [['authorization', 'Bearer']] },
    { label: 'basic authorization', headers: [['authorization', 'Basic Og==']] },
    { label: 'session cookie with invalid percent-encoding', headers: [['cookie', 'grv_session=%E0%A4%A; grv_csrf=%']] },
    { label: 'session cookie that is not UTF-8', headers: [['cookie', 'grv_session=\xff\xfe; grv_csrf=\xc0']] },
    { label: '1000 cookies', headers: [['cookie', Array.from({ length: 1000 }, (_, i) => `c${i}=${i}`).join('; ')]] },
    { label: 'header value with a line break', headers: [['x-fuzz', 'a\r\nx-injected: 1']] },
    { label: 'header name that is not a token', headers: [['x fuzz()', '1']] },
    { label: 'NUL in a header value', headers: [['x-fuzz', 'a\x00b']] },
    { label: 'negative Content-Length', headers: [['content-length', '-1']] },
    { label: 'Content-Length that is not a number', headers: [['content-length', 'abc']] },
    { label: 'Content-Length twice, different', headers: [['content-length', '0'], ['content-length', '5']] },
    { label: 'Content-Length and chunked', headers: [['content-length', '0'], ['transfer-encoding', 'chunked']] },
    { label: 'unknown transfer encoding', headers: [['transfer-encoding', 'gzip, identity']] },
    { label: 'Expect: 100-continue', headers: [['expect', '100-continue']] },
    { label: 'unknown Expect', headers: [['expect', 'the-unexpected']] },
    { label: 'Host that is not UTF-8', headers: [['host', '\xff\xfe:99999']] },
    { label: 'forwarded headers', headers: [['x-forwarded-for', '\xff, ::ffff:999.1.1.1, evil'], ['x-forwarded-host', 'evil.example'], ['x-forwarded-proto', 'gopher']] },
    { label: 'Accept-Language of 8 KiB', headers: [['accept-language', 'en;q=0.1,'.repeat(900)]] },
    { label: 'Range of many parts', headers: [['range', `bytes=${Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(',')}`]] },
    { label: 'Range of garbage', headers: [['range', 'bytes=-1--1']] },
    { label: 'websocket upgrade on a plain route', headers: [['connection', 'Upgrade'], ['upgrade', 'websocket'], ['sec-websocket-version', '13'], ['sec-websocket-key', 'x']] },
  ];
}

/** Methods routes may not expect; each is sent to every path that does not register it. */
export const unexpectedMethods: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'FUZZ'];
