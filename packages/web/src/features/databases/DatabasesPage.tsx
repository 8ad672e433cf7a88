import { DatabaseList } from '@portcullis/console-kit';
import { Button, Flex, H1, Icons } from '@portcullis/design';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { userContextAtom } from '../../session/userContext';
import { databasesService, openConsoleTab } from './databasesService';
import { EnrolDatabaseDialog } from './EnrolDatabaseDialog';
import { NoResourcesFound } from '../discover/NoResourcesFound';

/** Databases (/web/cluster/{clusterId}/databases): the cluster's databases, how to connect, and enrolling one. */
export default function DatabasesPage() {
  const { clusterId = '' } = useParams();
  const { acl } = useAtomValue(userContextAtom);
  const [enrolling, setEnrolling] = useState(false);
  // A new key lists again from the first page, so an enrolled database shows up.
  const [listVersion, setListVersion] = useState(0);

  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Databases</H1>
        {acl.db.create ? <Button onClick={() => setEnrolling(true)}>Enrol database</Button> : null}
      </Flex>
      <DatabaseList
        key={listVersion}
        clusterId={clusterId}
        fetchDatabases={databasesService.list}
        onOpenConsole={(database, login) => openConsoleTab(clusterId, database, login)}
        emptyState={<NoResourcesFound kind="Databases" icon={Icons.Database} />}
      />
      {enrolling ? (
        <EnrolDatabaseDialog
          enrol={(enrolment) => databasesService.create(clusterId, enrolment)}
          onClose={() => setEnrolling(false)}
          onEnrolled={() => {
            setEnrolling(false);
            setListVersion((v) => v + 1);
          }}
        />
      ) : null}
    </>
  );
}
