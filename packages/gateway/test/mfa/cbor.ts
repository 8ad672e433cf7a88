/**
 * The little CBOR a security key writes (RFC 8949): integers, byte and text strings, and maps of them. Enough
 * for a COSE public key and a 'none' attestation object; test code only.
 */
export type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

/** A data item's first bytes: its major type and its length (or value, for integers). */
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  }
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`CBOR here holds integers only, not ${value}`);
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = [...value.entries()].flatMap(([k, v]) => [encodeCbor(k), encodeCbor(v)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}
