import { DatabaseConsole, type DatabaseConsoleTarget, type DatabaseSocket } from '@portcullis/console-kit';
import { Flex, PageHeader } from '@portcullis/design';
import { compilePath, webRoutes } from '@portcullis/shared';
import { Link, useParams } from 'react-router-dom';
import { clusterLabel } from '../clusters/clusterLabel';
import { connectDatabase } from './connectDatabase';

export interface DatabaseConsolePageProps {
  /** How the page reaches the gateway; tests pass a fake socket. */
  connect?: (target: DatabaseConsoleTarget) => DatabaseSocket;
}

/** The query console on one database (console/db/{database}/{dbUser}/{dbName}), opened from Connect in its own tab. */
export default function DatabaseConsolePage({ connect = connectDatabase }: DatabaseConsolePageProps) {
  const { clusterId = '', database = '', dbUser = '', dbName = '' } = useParams();
  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <PageHeader
        title={`${dbUser}@${database} / ${dbName}`}
        back={{ title: 'Databases', to: compilePath(webRoutes.databases, { clusterId }) }}
        linkAs={Link}
        actions={clusterLabel(clusterId)}
      />
      {/* Keyed by the target: another database, user or name is another connection. */}
      <DatabaseConsole
        key={`${database}/${dbUser}/${dbName}`}
        database={database}
        connect={() => connect({ clusterId, database, dbUser, dbName })}
      />
    </Flex>
  );
}
