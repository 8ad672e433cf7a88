import type { Random } from './random';

export interface HostileBody {
  label: string;
  /** Absent: the request carries no Content-Type at all. */
  contentType?: string;
  body: Buffer;
}

/** fastify's default body limit, which the gateway keeps for JSON. */
export const bodyLimit = 1024 * 1024;

const json = 'application/json';
const text = (label: string, body: string, contentType: string | undefined = json): HostileBody => ({ label, body: Buffer.from(body, 'utf8'), ...(contentType && { contentType }) });
const bytes = (label: string, body: number[] | Buffer, contentType: string | undefined = json): HostileBody => ({ label, body: Buffer.from(body), ...(contentType && { contentType }) });

const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** Bodies every route gets once: each a way JSON, its types, its encoding or its size can be wrong. */
export const hostileBodies: readonly HostileBody[] = [
  text('malformed JSON: unterminated object', '{'),
  text('malformed JSON: missing value', '{"name":'),
  text('malformed JSON: trailing comma', '{"name":"x",}'),
  text('malformed JSON: single quotes', "{'name':'x'}"),
  text('malformed JSON: two documents', '{"a":1}{"b":2}'),
  text('malformed JSON: bare word', 'undefined'),
  text('malformed JSON: NUL byte', '{"name":"\u0000"'),
  text('JSON null', 'null'),
  text('JSON array', '[]'),
  text('JSON array of objects', '[{"name":"x"}]'),
  text('JSON number', '42'),
  text('JSON number out of range', '1e999'),
  text('JSON string', '"name"'),
  text('JSON boolean', 'true'),
  text('empty object', '{}'),
  text('deep array, 10k levels', deepArray(10_000)),
  text('deep object, 10k levels', deepObject(10_000)),
  text('__proto__ key', '{"__proto__":{"polluted":true},"name":"x"}'),
  text('nested __proto__ key', '{"spec":{"__proto__":{"polluted":true}}}'),
  text('constructor.prototype keys', '{"constructor":{"prototype":{"polluted":true}}}'),
  text('JSON over the body limit', `{"name":"${'x'.repeat(bodyLimit)}"}`),
  text('body over the limit, no content type', 'x'.repeat(bodyLimit + 1), undefined),
  bytes('invalid UTF-8 inside a JSON string', [...Buffer.from('{"name":"'), 0xff, 0xfe, 0xc0, 0xaf, ...Buffer.from('"}')]),
  bytes('invalid UTF-8 alone', [0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]),
  bytes('byte order mark before JSON', [0xef, 0xbb, 0xbf, ...Buffer.from('{}')]),
  bytes('UTF-16 JSON', Buffer.from('{"name":"x"}', 'utf16le'), 'application/json; charset=utf-16'),
  text('text/plain', '{"name":"x"}', 'text/plain'),
  text('XML', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', 'application/xml'),
  text('multipart without its parts', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x'),
  text('form', 'name=x&__proto__[polluted]=1', 'application/x-www-form-urlencoded'),
  text('form with a garbage SAML response', `SAMLResponse=${encodeURIComponent(Buffer.from('<samlp:Response><unclosed').toString('base64'))}&RelayState=%E0%A4%A`, 'application/x-www-form-urlencoded'),
  text('form with a SAML response that is not base64', 'SAMLResponse=%FF%FE%00!!!', 'application/x-www-form-urlencoded'),
  text('JSON with an unknown charset', '{}', 'application/json; charset=utf-7'),
  text('a list of content types', '{}', 'application/json, text/plain'),
  text('content type with garbage parameters', '{}', 'application/json;;;=;boundary'),
  bytes('random bytes as octet-stream', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 73) % 256)), 'application/octet-stream'),
];

/** Field names the routes read, so values of the wrong type land on fields the schemas check. */
const fieldNames = [
  'name',
  'user',
  'pass',
  'password',
  'roles',
  'traits',
  'token',
  'tokenId',
  'content',
  'title',
  'message',
  'labels',
  'hostname',
  'addr',
  'kind',
  'spec',
  'metadata',
  'expires',
  'ttl',
  'reason',
  'targets',
  'state',
  'webauthn_response',
  'secondFactorToken',
  'existing_password',
  'new_password',
  'deviceName',
  'fqdn',
  'cluster_name',
  'public_addr',
  'resourceKind',
  'resourceName',
  'events',
  'comment',
  'status',
];

/** A JSON value of some type, often not the one a field wants. */
function wrongValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 2 ? 9 : 12)) {
    case 0:
      return null;
    case 1:
      return random.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1]);
    case 2:
      return random.pick([true, false]);
    case 3:
      return '';
    case 4:
      return 'x'.repeat(random.pick([1, 255, 256, 65_536, 200_000]));
    case 5:
      return random.pick(['\u0000', '\ud800', '../../etc/passwd', '名前', '%E0%A4%A', '<script>', '{{internal.logins}}', '*']);
    case 6:
      return { $gt: '' };
    case 7:
      return random.pick(['2026-13-45T99:99:99Z', '-1', 'NaN', '1e999']);
    case 8:
      return random.pick(['__proto__', 'constructor', 'prototype']);
    case 9:
      return Array.from({ length: random.int(4) }, () => wrongValue(random, depth + 1));
    default:
      return randomObject(random, depth + 1);
  }
}

function randomObject(random: Random, depth: number): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (let i = random.int(5); i >= 0; i--) fields[random.pick(fieldNames)] = wrongValue(random, depth);
  return fields;
}

/** A JSON object with the routes' field names holding values of the wrong type, size or shape. */
export function randomBody(random: Random): HostileBody {
  const value = randomObject(random, 0);
  return text(`fields of the wrong type: ${JSON.stringify(value).slice(0, 120)}`, JSON.stringify(value));
}
