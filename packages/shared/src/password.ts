import { base64ToUtf8, utf8ToBase64 } from './base64';

/** How long a password may be; the gateway enforces it and the console shows it beside the field. */
export const passwordLength = { min: 12, max: 128 } as const;

/** Every password field on the wire is base64 of its UTF-8 text. */
export const encodePassword = (password: string): string => utf8ToBase64(password);

/** The gateway's side of encodePassword. */
export const decodePassword = (encoded: string): string => base64ToUtf8(encoded);
