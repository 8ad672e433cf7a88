import { Button, Flex, Text } from '@portcullis/design';
import { useSetAtom } from 'jotai';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useRenewSession } from '../../session/renewSession';
import { userContextVersionAtom } from '../../session/userContext';
import { useAttempt } from '../../useAttempt';
import { accessRequestActions } from './accessRequestsApi';

/** The longest delay setTimeout keeps (about 24.8 days); a longer one would fire at once. */
const maxTimeoutMs = 2 ** 31 - 1;

/**
 * The top bar's note that the session carries an assumed access request: its roles, and Switch Back, which
 * renews the session without it. The user context names only the request, so its roles are fetched by id.
 * Once the context is fetched again without the request (switched back, or the request expired), the layout
 * stops rendering this.
 */
export function AssumedAccess({ clusterId, requestId }: { clusterId: string; requestId: string }) {
  const renewSession = useRenewSession();
  const refreshContext = useSetAtom(userContextVersionAtom);
  // undefined while the request loads; null when it could not be read.
  const [roles, setRoles] = useState<string[] | null>();
  const [expires, setExpires] = useState<number>();
  const { busy, error, run } = useAttempt();

  useEffect(() => {
    let current = true;
    setRoles(undefined);
    accessRequestActions(clusterId)
      .get(requestId)
      .then((request) => {
        if (!current) return;
        setRoles(request.roles);
        setExpires(Date.parse(request.expires));
      })
      // Without the request the bar still says access is assumed, naming the request instead of its roles.
      .catch(() => current && setRoles(null));
    return () => {
      current = false;
    };
  }, [clusterId, requestId]);

  // The assumed access ends with the request: ask for the context again then, so the bar goes without waiting
  // for another page to refresh it. A request already past its expiry (the context was read just before it
  // ended) is asked about once at once; only once, so a gateway still naming it costs one refresh, not a loop.
  // An expiry beyond setTimeout's range is left to the next refresh.
  const refreshedAfterExpiry = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (expires === undefined) return;
    const delay = expires - Date.now();
    const refresh = () => startTransition(() => refreshContext((v) => v + 1));
    if (delay <= 0) {
      if (refreshedAfterExpiry.current !== requestId) {
        refreshedAfterExpiry.current = requestId;
        refresh();
      }
      return;
    }
    if (delay > maxTimeoutMs) return;
    const timer = setTimeout(refresh, delay);
    return () => clearTimeout(timer);
  }, [expires, requestId, refreshContext]);

  return (
    <Flex alignItems="center" gap={2}>
      <Text>
        {roles === null ? `Assumed access request ${requestId}` : `Assumed roles: ${roles?.join(', ') ?? ''}`}
      </Text>
      <Button
        size="small"
        kind="border"
        disabled={busy}
        onClick={() => void run(() => renewSession({ switchback: true }))}
      >
        Switch Back
      </Button>
      {error ? (
        <Text role="alert" color="danger.text">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
