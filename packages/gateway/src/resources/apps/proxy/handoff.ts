import type { IncomingMessage } from 'node:http';

/** The form the launcher posts to an app host's auth path is small: two secrets and a path. */
const maxFormBytes = 8 * 1024;

export interface Handoff {
  value: string;
  subject: string;
  /** Where on the app host to go once the cookies are set. */
  path: string;
}

/** Reads the launcher's form post (value, subject, path); undefined when it is not one. */
export async function readHandoff(req: IncomingMessage): Promise<Handoff | undefined> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) return undefined;
  let body = '';
  for await (const chunk of req as AsyncIterable<Buffer>) {
    body += chunk.toString('utf8');
    if (body.length > maxFormBytes) return undefined;
  }
  const form = new URLSearchParams(body);
  const value = form.get('value');
  const subject = form.get('subject');
  if (!value || !subject) return undefined;
  return { value, subject, path: safePath(form.get('path')) };
}

/**
 * A path on the app's own host: anything else (another origin, a protocol-relative `//host`, a backslash
 * browsers read as a slash, control characters) becomes `/`, so the handoff cannot send anyone elsewhere.
 */
export function safePath(path: string | null): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\') || [...path].some((c) => c < ' ')) return '/';
  return path;
}
