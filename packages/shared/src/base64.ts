import { platform } from './runtime';

/** Base64 of the UTF-8 bytes of a text, without Node's Buffer so browsers can use it too. */
export function utf8ToBase64(text: string): string {
  let binary = '';
  for (const byte of new platform.TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return platform.btoa(binary);
}

export function base64ToUtf8(base64: string): string {
  const binary = platform.atob(base64);
  return new platform.TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
