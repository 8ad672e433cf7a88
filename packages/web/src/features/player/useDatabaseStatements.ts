import type { DatabaseStatementJson, DatabaseStatementsJson } from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { databasesService } from '../databases/databasesService';

export interface DatabaseStatements {
  session?: DatabaseStatementsJson['session'];
  statements: DatabaseStatementJson[];
  loading: boolean;
  error: string;
}

/** Every statement of database session `sid`, read page after page (following startKey) until the last. */
export function useDatabaseStatements(clusterId: string, sid: string): DatabaseStatements {
  const [state, setState] = useState<DatabaseStatements>({ statements: [], loading: true, error: '' });

  useEffect(() => {
    let current = true;
    setState({ statements: [], loading: true, error: '' });
    (async () => {
      let startKey: string | undefined;
      do {
        const page = await databasesService.statements(clusterId, sid, startKey);
        if (!current) return;
        setState((s) => ({ ...s, session: page.session, statements: [...s.statements, ...page.statements] }));
        startKey = page.startKey;
      } while (startKey);
      setState((s) => ({ ...s, loading: false }));
    })().catch((err: Error) => current && setState((s) => ({ ...s, loading: false, error: err.message })));
    return () => {
      current = false;
    };
  }, [clusterId, sid]);

  return state;
}
