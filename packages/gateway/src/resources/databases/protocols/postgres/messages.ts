/**
 * The parts of the PostgreSQL wire protocol v3 (https://www.postgresql.org/docs/current/protocol-message-formats.html)
 * that both the gateway's side and the agent's login need: the opening's request codes and the messages they
 * build or read. Every message after the opening is a type byte, then an int32 length counting itself and the body.
 */

/** Protocol 3.0 as a StartupMessage carries it: major version in the high 16 bits, minor in the low. */
export const protocol30 = 3 << 16;
export const sslRequestCode = 80877103;
export const gssEncRequestCode = 80877104;
export const cancelRequestCode = 80877102;

/** A message of `type` around `body`. */
export function message(type: string, body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(5 + body.length);
  out[0] = type.charCodeAt(0);
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

/** NUL-terminated strings, one after the other. */
export function cstrings(...values: string[]): Buffer {
  return Buffer.from(values.map((v) => `${v}\0`).join(''), 'utf8');
}

export function int32(value: number): Buffer {
  const out = Buffer.allocUnsafe(4);
  out.writeInt32BE(value);
  return out;
}

/** The NUL-terminated string at `offset` and the offset past its NUL, or undefined when `buf` holds no NUL from there. */
export function readCString(buf: Buffer, offset: number): [string, number] | undefined {
  const end = buf.indexOf(0, offset);
  return end < 0 ? undefined : [buf.toString('utf8', offset, end), end + 1];
}

/** A StartupMessage for protocol 3.0 (it has no type byte): its length, the version, then name/value pairs and a NUL. */
export function startupMessage(parameters: Record<string, string>): Buffer {
  const pairs = cstrings(...Object.entries(parameters).flat());
  return Buffer.concat([int32(9 + pairs.length), int32(protocol30), pairs, Buffer.from([0])]);
}

export const authenticationOk = message('R', int32(0));

/**
 * An ErrorResponse: severity (localised 'S' and the fixed 'V', which clients since 9.6 read), SQLSTATE and
 * message. psql prints it as "FATAL:  <message>".
 */
export function errorResponse(severity: 'ERROR' | 'FATAL', sqlstate: string, text: string): Buffer {
  return message(
    'E',
    Buffer.concat([cstrings(`S${severity}`, `V${severity}`, `C${sqlstate}`, `M${text}`), Buffer.from([0])]),
  );
}

/** Tells a client that asked for a newer minor version or for protocol options (`_pq_.*`) that only 3.0 without them is spoken. */
export function negotiateProtocolVersion(unrecognizedOptions: string[]): Buffer {
  return message(
    'v',
    Buffer.concat([int32(0), int32(unrecognizedOptions.length), cstrings(...unrecognizedOptions)]),
  );
}

/** The fields of an ErrorResponse or NoticeResponse body, by their one-letter codes ('M' is the message). */
export function noticeFields(body: Buffer): Map<string, string> {
  const fields = new Map<string, string>();
  let offset = 0;
  while (offset < body.length && body[offset] !== 0) {
    const value = readCString(body, offset + 1);
    if (!value) break;
    fields.set(String.fromCharCode(body[offset]!), value[0]);
    offset = value[1];
  }
  return fields;
}
