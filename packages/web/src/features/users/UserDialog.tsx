import {
  Alert,
  Button,
  Dialog,
  Field,
  FieldInput,
  Select,
  Validation,
  requiredField,
} from '@portcullis/design';
import type { User } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { unwrap } from 'jotai/utils';
import { type FormEvent, useState } from 'react';
import { useAttempt } from '../../useAttempt';
import type { IssuedToken } from './ResetLinkDialog';
import { type TraitName, traitLabels, traitNames } from './traitFields';
import { TraitsSection } from './TraitsSection';
import { roleNamesAtom, userActions } from './usersAtoms';

const roleNamesNow = unwrap(roleNamesAtom, () => ({ names: [] as string[], error: '' }));

const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Create a user (then issue their invitation) or edit one: roles and traits. */
export function UserDialog({
  user,
  onClose,
  onSaved,
}: {
  user?: User;
  onClose: () => void;
  onSaved: (invite?: IssuedToken) => void;
}) {
  // Loaded without suspending, so the dialog opens at once and the picker fills in.
  const roleNames = useAtomValue(roleNamesNow);
  const [name, setName] = useState(user?.name ?? '');
  const [roles, setRoles] = useState<string[]>(user?.roles ?? []);
  const [traits, setTraits] = useState<Record<string, string>>(() =>
    Object.fromEntries(traitNames.map((t) => [t, (user?.traits[t] ?? []).join(', ')])),
  );
  const { busy, error, setError, run } = useAttempt();

  const save = async (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate() || roles.length === 0) {
      if (roles.length === 0) setError('Give the user at least one role');
      return;
    }
    const traitValues = Object.fromEntries(traitNames.map((t) => [t, splitList(traits[t] ?? '')]));
    const body = { name, roles, traits: traitValues as Record<TraitName, string[]> };
    await run(async () => {
      if (user) {
        await userActions.update(body);
        onSaved();
      } else {
        await userActions.create(body);
        onSaved({ ...(await userActions.createToken(name, 'invite')), kind: 'invite' });
      }
    });
  };

  const formId = user ? 'edit-user' : 'create-user';
  return (
    <Dialog
      open
      onClose={onClose}
      disableBackdropClose
      title={user ? 'Edit User' : 'Create User'}
      actions={
        <>
          <Button type="submit" form={formId} loading={busy}>
            {user ? 'Save Changes' : 'Create User'}
          </Button>
          <Button kind="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
      {roleNames.error ? <Alert>{roleNames.error}</Alert> : null}
      <Validation>
        {({ validate }) => (
          <form id={formId} onSubmit={(e) => void save(e, validate)} noValidate>
            <FieldInput
              label="Username"
              value={name}
              onChange={setName}
              rule={requiredField('Username is required')}
              disabled={Boolean(user)}
              autoFocus
            />
            <Field label="Roles">
              {({ id, describedBy }) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  isMulti
                  isSearchable
                  value={roles}
                  onChange={setRoles}
                  options={roleNames.names.map((r) => ({ value: r, label: r }))}
                  placeholder="Click to select roles"
                />
              )}
            </Field>
            <TraitsSection defaultOpen={traitNames.some((t) => (user?.traits[t] ?? []).length > 0)}>
              {traitNames.map((t) => (
                <FieldInput
                  key={t}
                  label={traitLabels[t]}
                  value={traits[t] ?? ''}
                  onChange={(v) => setTraits((all) => ({ ...all, [t]: v }))}
                  helperText="Separate values with commas"
                />
              ))}
            </TraitsSection>
          </form>
        )}
      </Validation>
    </Dialog>
  );
}
