import type { EventKey } from '../../platform/storage/repos/events';

/** The opaque startKey of event pages: the (time, id) of the last event served, base64url-encoded. */
export function encodeCursor(key: EventKey): string {
  return Buffer.from(`${key.time}.${key.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): EventKey | undefined {
  const m = /^(\d{1,16})\.(\d{1,16})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? { time: Number(m[1]), id: Number(m[2]) } : undefined;
}
