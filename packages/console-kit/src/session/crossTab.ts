import { StorageKey } from '@portcullis/shared';
import type { CrossTabMessage } from './sessionLifecycle';

/**
 * What another tab did, read from a storage event: a renewal starting or ending, or the token removed
 * (a logout, or local storage cleared, which reports no key). Other changes are not the session's business.
 */
export function crossTabMessage(event: Pick<StorageEvent, 'key' | 'newValue'>): CrossTabMessage | null {
  if (event.key === StorageKey.TOKEN_RENEW) return { kind: 'renewing', renewing: event.newValue === 'true' };
  if ((event.key === StorageKey.TOKEN || event.key === null) && !event.newValue)
    return { kind: 'token-removed' };
  return null;
}
