import { Alert, DataTable, Flex, H1, Link, Text } from '@portcullis/design';
import { apiPaths, compilePath, consoleSessionPath, makeActiveSession, type ActiveSession, type ActiveSessionJson } from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../client';

/** How often the list is refreshed while the page is open. */
export const refreshMs = 10_000;

/**
 * Why the Join column offers nothing. The gateway grants joining only through a join_sessions rule naming
 * the session's kind and one of its owner's roles, so that is the rule to point the user at.
 */
const joinRefusal = (kind: string) =>
  `Your roles have no join_sessions rule that matches this session’s owner roles and kind (${kind}).`;

/** Active Sessions: the live sessions with their parties, and a join link per mode the user's roles allow. */
export default function ActiveSessionsPage() {
  const { clusterId = '' } = useParams();
  const [sessions, setSessions] = useState<ActiveSession[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    const load = () =>
      api
        .get<{ sessions: ActiveSessionJson[] }>(compilePath(apiPaths.sessions, { clusterId }))
        .then((res) => {
          if (!current) return;
          setSessions(res.sessions.map((s) => makeActiveSession(s)));
          setError('');
        })
        .catch((err: Error) => current && setError(err.message))
        .finally(() => current && setLoading(false));
    void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [clusterId]);

  return (
    <>
      <H1 mb={4}>Active Sessions</H1>
      {error ? <Alert>{error}</Alert> : null}
      <DataTable<ActiveSession>
        label="Active Sessions"
        data={sessions}
        rowKey={(s) => s.sid}
        isSearchable
        fetchStatus={loading ? 'loading' : ''}
        emptyText="No Active Sessions Found"
        columns={[
          { key: 'kind', headerText: 'Type', isSortable: true },
          { key: 'resourceName', headerText: 'Hostname', isSortable: true },
          { key: 'login', headerText: 'Login', isSortable: true },
          { key: 'parties', headerText: 'Users', render: (s) => s.parties.map((p) => p.user).join(', ') },
          { key: 'durationText', headerText: 'Duration', sortFn: (a, b) => a.created.getTime() - b.created.getTime(), isSortable: true },
          {
            key: 'participantModes',
            headerText: 'Join',
            render: (s) =>
              s.participantModes.length ? (
                <Flex style={{ gap: 8 }}>
                  {s.participantModes.map((mode) => (
                    <Link key={mode} href={consoleSessionPath({ clusterId, sid: s.sid, mode })} aria-label={`Join ${s.resourceName} as ${mode}`}>
                      {mode}
                    </Link>
                  ))}
                </Flex>
              ) : (
                <Text typography="body3" color="text.muted">
                  {joinRefusal(s.kind)}
                </Text>
              ),
          },
        ]}
      />
    </>
  );
}
