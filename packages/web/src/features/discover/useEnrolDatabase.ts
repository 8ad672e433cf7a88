import { DiscoverEventStatus } from '@portcullis/shared';
import { useAttempt } from '../../useAttempt';
import { enrolDatabase } from './discoverService';
import { useWizard } from './wizard';

/**
 * Enrols the run's database with the token's resource id, reports the outcome, and records the database so
 * the step goes on to its agent's command. `busy` and `error` are the enrolment's, for the form to show.
 */
export function useEnrolDatabase(resourceId: string) {
  const { clusterId, update, report } = useWizard();
  const { busy, error, run } = useAttempt();
  const enrol = (enrolment: Parameters<typeof enrolDatabase>[2]) =>
    run(async () => {
      try {
        await enrolDatabase(clusterId, resourceId, enrolment);
      } catch (err) {
        report('databaseRegister', DiscoverEventStatus.Error);
        throw err;
      }
      report('databaseRegister', DiscoverEventStatus.Success);
      update({ database: enrolment.name });
    });
  return { busy, error, enrol };
}
