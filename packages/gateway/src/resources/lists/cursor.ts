import { badRequest } from '../../platform/access/errors';

/** A keyset page's cursor: the last row's sort value and id, opaque to the client. */
export const encodeCursor = (value: string, id: string) => Buffer.from(JSON.stringify([value, id])).toString('base64url');

export function decodeCursor(key: string): { value: string; id: string } {
  try {
    const [value, id] = JSON.parse(Buffer.from(key, 'base64url').toString()) as unknown[];
    if (typeof value === 'string' && typeof id === 'string') return { value, id };
  } catch {
    // reported below
  }
  throw badRequest('startKey is not a cursor this list returned');
}
