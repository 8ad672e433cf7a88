const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A W3C trace context header value (version 00, random trace and parent ids, sampled), so the gateway can tie
 * the terminal session's server-side spans to the browser that opened it.
 */
export function newTraceparent(): string {
  return `00-${hex(16)}-${hex(8)}-01`;
}
