import { randomBytes } from 'node:crypto';
import { desEncrypt } from './des';

/**
 * The fixed key every VNC server obfuscates its stored password with (the bytes 23 82 107 6 35 78 88 7 of the
 * original vncpasswd), written here in plain DES's bit order: the original DES code read its key bytes least
 * significant bit first.
 */
const passwdFileKey = Buffer.from('e84ad660c4721ae0', 'hex');

/** A VNC password: VNC Authentication only ever uses the first 8 bytes, so 8 random characters (48 bits). */
export const randomVncPassword = (): string => randomBytes(6).toString('base64url');

/** The contents of a TigerVNC PasswordFile (what `vncpasswd -f` writes) for `password`. */
export function vncPasswdFile(password: string): Buffer {
  const block = Buffer.alloc(8);
  Buffer.from(password, 'latin1').copy(block, 0, 0, 8);
  return desEncrypt(passwdFileKey, block);
}

const familyWild = 0xffff;

/**
 * An Xauthority file holding one MIT-MAGIC-COOKIE-1 for any address and any display (FamilyWild, no display
 * number), so it can be written before the X server picks its display. Given to Xvnc (-auth) and to its clients
 * (XAUTHORITY), it keeps other local users off the private X display, where they could watch and type.
 */
export function xauthorityFile(cookie: Buffer): Buffer {
  const field = (b: Buffer) => {
    const len = Buffer.alloc(2);
    len.writeUInt16BE(b.length);
    return Buffer.concat([len, b]);
  };
  const family = Buffer.alloc(2);
  family.writeUInt16BE(familyWild);
  return Buffer.concat([
    family,
    field(Buffer.alloc(0)),
    field(Buffer.alloc(0)),
    field(Buffer.from('MIT-MAGIC-COOKIE-1')),
    field(cookie),
  ]);
}
