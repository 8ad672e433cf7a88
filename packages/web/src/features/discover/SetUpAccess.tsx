import { Alert, FieldInput, Indicator, type StepProps, Text } from '@portcullis/design';
import { DiscoverEventStatus, type User, type UserTraits } from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { useRenewSession } from '../../session/renewSession';
import { useAttempt } from '../../useAttempt';
import { traitLabels } from '../users/traitFields';
import { readUser, saveTraits } from './discoverService';
import { accessTraits } from './resources';
import { StepFrame } from './StepFrame';
import { stepTitles } from './steps';
import { useWizard } from './wizard';

type TraitName = keyof UserTraits;

const splitList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ),
];

const listText = (values: string[] | undefined) => (values?.length ? values.join(', ') : 'none');

/**
 * The principals the user signs in as (logins, database users and names, Kubernetes users and groups) are
 * traits of their user: adding one here saves the user and renews the session, since roles read traits
 * when a session is issued. A user who may not edit users continues with what their roles already grant.
 */
export function SetUpAccess(step: StepProps) {
  const { acl, choice, progress, update, report, username } = useWizard();
  const traits = accessTraits[choice?.kind ?? 'server'];
  const granted = progress.resource?.granted ?? {};
  const canEdit = acl.users.list && acl.users.edit;
  const [user, setUser] = useState<User>();
  const [values, setValues] = useState<Partial<Record<TraitName, string>>>({});
  const load = useAttempt();
  const { run: runLoad } = load;
  const save = useAttempt();
  const renewSession = useRenewSession();

  useEffect(() => {
    if (!canEdit) return;
    void runLoad(async () => {
      const read = await readUser(username);
      setUser(read);
      setValues(Object.fromEntries(traits.map((t) => [t, read.traits[t].join(', ')])));
    });
  }, [canEdit, username, runLoad, traits]);

  const chosen = () =>
    Object.fromEntries(traits.map((t) => [t, splitList(values[t] ?? '')])) as Partial<UserTraits>;

  const onNext = () => {
    if (!canEdit || !user) {
      report('access', DiscoverEventStatus.Skipped);
      update({ principals: granted });
      step.next();
      return;
    }
    void save.run(async () => {
      const picked = chosen();
      const changed = traits.some((t) => picked[t]!.join('\n') !== user.traits[t].join('\n'));
      try {
        if (changed) {
          await saveTraits(user, picked);
          await renewSession({});
        }
      } catch (err) {
        report('access', DiscoverEventStatus.Error);
        throw err;
      }
      report('access', changed ? DiscoverEventStatus.Success : DiscoverEventStatus.Skipped);
      update({ principals: picked });
      step.next();
    });
  };

  const names = traits.map((t) => traitLabels[t].toLowerCase()).join(' and ');
  return (
    <StepFrame
      title={stepTitles.access}
      step={step}
      onNext={onNext}
      busy={save.busy}
      nextDisabled={canEdit && !user}
    >
      {canEdit ? (
        <>
          <Text
            mb={3}
          >{`Add the ${names} you use on ${progress.resource?.name ?? 'the resource'} to your user. Separate values with commas.`}</Text>
          {load.error ? <Alert>{`Could not read your user: ${load.error}`}</Alert> : null}
          {save.error ? <Alert>{save.error}</Alert> : null}
          {user ? (
            traits.map((t) => (
              <FieldInput
                key={t}
                label={traitLabels[t]}
                value={values[t] ?? ''}
                onChange={(v) => setValues((old) => ({ ...old, [t]: v }))}
                helperText={`Your roles already grant: ${listText(granted[t])}`}
              />
            ))
          ) : load.error ? null : (
            <Indicator label="Reading your user" />
          )}
        </>
      ) : (
        <Alert kind="info">
          {`You may not edit users, so you cannot add ${names} here. Continue with those your roles already grant: ${traits
            .map((t) => `${traitLabels[t]}: ${listText(granted[t])}`)
            .join('; ')}.`}
        </Alert>
      )}
    </StepFrame>
  );
}
