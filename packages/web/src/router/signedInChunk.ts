import type * as SignedIn from './signedIn';

let chunk: typeof SignedIn | undefined;

/** Loads the signed-in frame's chunk (see signedIn.ts) and keeps it for the parts that render inside it. */
export async function loadSignedIn(): Promise<typeof SignedIn> {
  chunk = await import('./signedIn');
  return chunk;
}

/**
 * The chunk's exports, for the parts of the frame that only render below PrivateRoutes, which came from it:
 * reading them here rather than through another lazy component spares a second suspension per part.
 */
export function signedIn(): typeof SignedIn {
  if (!chunk) throw new Error('a part of the signed-in frame rendered before its chunk loaded');
  return chunk;
}
