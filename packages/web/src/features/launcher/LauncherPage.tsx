import { appAuthForm, createAppSession, submitAppAuthForm, useSecondFactorDialog } from '@portcullis/console-kit';
import { Alert, Card, Flex, H1, Indicator, Link } from '@portcullis/design';
import { compilePath, webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../client';
import { webConfigAtom } from '../../config';

/**
 * The app launcher (/web/launch/{fqdn}/{clusterId?}/{publicAddr?}/{arn?}, query `path`): creates an app session
 * (with a second factor when the user's roles want one per session) and hands its cookie values to the app's
 * own host in a top-level form post, which leaves the console for the app.
 */
export default function LauncherPage() {
  const { fqdn = '', clusterId, publicAddr, arn } = useParams();
  const [searchParams] = useSearchParams();
  const path = searchParams.get('path');
  const { proxyCluster } = useAtomValue(webConfigAtom);
  const { ask, dialog } = useSecondFactorDialog();
  const [error, setError] = useState('');
  const launched = useRef('');

  useEffect(() => {
    // One session per launch: an app session is a credential, and React runs effects twice in development.
    const launch = JSON.stringify([fqdn, clusterId, publicAddr, arn, path]);
    if (launched.current === launch) return;
    launched.current = launch;
    const reason = `Your roles require a second factor to open ${fqdn}.`;
    createAppSession(api, { fqdn, clusterId, publicAddr, arn }, (challenge) => ask(challenge, reason))
      .then(({ details, session }) =>
        // The app's address as the gateway serves it, not as the link said.
        submitAppAuthForm(document, appAuthForm(session, { protocol: window.location.protocol, publicAddr: details.publicAddr, path })),
      )
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, [fqdn, clusterId, publicAddr, arn, path, ask]);

  // Without a cluster in the link, the list of the cluster this gateway serves.
  const appsPath = compilePath(webRoutes.apps, { clusterId: clusterId || proxyCluster });

  return (
    <Flex as="main" justifyContent="center" alignItems="flex-start" pt={9} px={3} minHeight="100vh">
      <Card>
        {error ? (
          <>
            <H1 mb={4}>The application could not be opened</H1>
            <Alert
              details={
                <Link as={RouterLink} to={appsPath}>
                  Back to Applications
                </Link>
              }
            >
              {error}
            </Alert>
          </>
        ) : (
          <Flex alignItems="center" gap={3}>
            <Indicator delay="none" label="Launching" />
            <H1>Launching the application…</H1>
          </Flex>
        )}
      </Card>
      {dialog}
    </Flex>
  );
}
