import { Alert, ButtonIcon, DataTable, EmptyState, Flex, H1, Icons, Menu, Text, Tooltip } from '@portcullis/design';
import {
  apiPaths,
  compilePath,
  consoleSessionPath,
  makeActiveSession,
  queryString,
  webRoutes,
  type ActiveSession,
  type ActiveSessionJson,
  type ParticipantMode,
} from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../client';
import { userContextAtom } from '../../session/userContext';
import { newLockPath } from '../locks/lockTargets';

const modeTitles: Record<ParticipantMode, string> = { observer: 'Observer', peer: 'Peer', moderator: 'Moderator' };

/** How often the list is refreshed while the page is open. */
export const refreshMs = 10_000;

/**
 * Why the Join column offers nothing. The gateway grants joining only through a join_sessions rule naming
 * the session's kind and one of its owner's roles, so that is the rule to point the user at.
 */
const joinRefusal = (kind: string) =>
  `Your roles have no join_sessions rule that matches this session’s owner roles and kind (${kind}).`;

/** A listed session and who opened it (the party a Lock action locks), which shared's model leaves out. */
type SessionRow = ActiveSession & { owner: string };

/**
 * A desktop session is joined on the desktop page as an observer only (a view of the owner's screen), named by
 * the desktop and the session's login; other sessions are joined in the console's terminal, in any mode.
 */
const joinModes = (s: ActiveSession): ParticipantMode[] => (s.kind === 'desktop' ? s.participantModes.filter((mode) => mode === 'observer') : s.participantModes);
const joinHref = (clusterId: string, s: ActiveSession, mode: ParticipantMode) =>
  s.kind === 'desktop'
    ? compilePath(webRoutes.desktop, { clusterId, desktopName: s.resourceName, username: s.login }) + queryString({ sid: s.sid })
    : consoleSessionPath({ clusterId, sid: s.sid, mode });

export interface ActiveSessionsPageProps {
  /** The clock each session's duration is counted to; stories stop it. */
  now?: () => number;
}

/** Active Sessions: the live sessions with their parties, and a join link per mode the user's roles allow. */
export default function ActiveSessionsPage({ now = Date.now }: ActiveSessionsPageProps) {
  const { clusterId = '' } = useParams();
  const { acl } = useAtomValue(userContextAtom);
  const [sessions, setSessions] = useState<SessionRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    const load = () =>
      api
        .get<{ sessions: ActiveSessionJson[] }>(compilePath(apiPaths.sessions, { clusterId }))
        .then((res) => {
          if (!current) return;
          setSessions(res.sessions.map((s) => ({ ...makeActiveSession(s, now()), owner: s.owner ?? '' })));
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
  }, [clusterId, now]);

  return (
    <>
      <H1 mb={4}>Active Sessions</H1>
      {error ? <Alert>{error}</Alert> : null}
      <DataTable<SessionRow>
        linkAs={Link}
        label="Active Sessions"
        data={sessions}
        rowKey={(s) => s.sid}
        isSearchable
        fetchStatus={loading ? 'loading' : ''}
        emptyState={
          <EmptyState
            icon={Icons.LiveSession}
            title="No Active Sessions Found"
            description="Sessions are listed here while they run, to join or lock. Connect to a server to start one."
          />
        }
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
              joinModes(s).length ? (
                // One Join per row, its modes behind it, keeps the row narrow however many modes the roles allow.
                <Menu
                  label="Join"
                  accessibleName={`Join ${s.resourceName}`}
                  size="small"
                  linkAs={Link}
                  items={joinModes(s).map((mode) => ({ label: modeTitles[mode], to: joinHref(clusterId, s, mode) }))}
                />
              ) : (
                // The reason is a sentence: behind a hint it keeps the row as narrow as one with a Join menu.
                <Flex alignItems="center" gap={1}>
                  <Text typography="body3" color="text.muted">
                    Cannot join
                  </Text>
                  <Tooltip content={joinRefusal(s.kind)}>
                    {(trigger) => <ButtonIcon {...trigger} size="small" icon={Icons.Info} aria-label={`Why can’t I join the session on ${s.resourceName}?`} />}
                  </Tooltip>
                </Flex>
              ),
          },
        ]}
        // A lock on the session's owner is what stops it; gated like the New Lock page (newLocks), so the link works.
        rowActions={(s) =>
          acl.lock.create && acl.lock.edit && s.owner ? [{ label: 'Lock', to: newLockPath({ user: s.owner }) }] : []
        }
      />
    </>
  );
}
