/** SSH wire encoding (RFC 4251 §5): the few types an OpenSSH certificate is made of. */

export const sshString = (value: Buffer | string): Buffer => {
  const body = typeof value === 'string' ? Buffer.from(value) : value;
  const len = Buffer.allocUnsafe(4);
  len.writeUInt32BE(body.length, 0);
  return Buffer.concat([len, body]);
};

export const sshUint32 = (value: number): Buffer => {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(value, 0);
  return b;
};

export const sshUint64 = (value: bigint): Buffer => {
  const b = Buffer.allocUnsafe(8);
  b.writeBigUInt64BE(value, 0);
  return b;
};

/** Reads consecutive SSH strings from a blob (used to take keys apart). */
export function readSshStrings(blob: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at + 4 <= blob.length) {
    const len = blob.readUInt32BE(at);
    if (at + 4 + len > blob.length) throw new Error('truncated SSH string');
    out.push(blob.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  return out;
}
