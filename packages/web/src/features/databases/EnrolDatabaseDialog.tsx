import { type DatabaseEnrolment, type EnrolledProtocol, enrolledProtocols } from '@portcullis/console-kit';
import {
  Alert,
  Button,
  Dialog,
  Field,
  FieldInput,
  requiredField,
  Select,
  Validation,
} from '@portcullis/design';
import { type Database, databaseProtocolName } from '@portcullis/shared';
import { type FormEvent, useState } from 'react';
import { useAttempt } from '../../useAttempt';
import { databaseUriRule, labelsRule, parseLabels, uriExamples } from './enrolment';

/** Enrols a database for the cluster's agents to serve: where it is, what it speaks, and the labels roles match on. */
export function EnrolDatabaseDialog({
  enrol,
  onClose,
  onEnrolled,
}: {
  enrol: (enrolment: DatabaseEnrolment) => Promise<Database>;
  onClose: () => void;
  onEnrolled: () => void;
}) {
  const [name, setName] = useState('');
  const [protocol, setProtocol] = useState<EnrolledProtocol>('postgres');
  const [uri, setUri] = useState('');
  const [labels, setLabels] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useAttempt();

  const save = (e: FormEvent, validate: () => boolean) => {
    e.preventDefault();
    if (!validate()) return;
    void run(async () => {
      await enrol({
        name: name.trim(),
        protocol,
        uri: uri.trim(),
        labels: parseLabels(labels) ?? [],
        description: description.trim(),
      });
      onEnrolled();
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      disableBackdropClose
      title="Enrol database"
      actions={
        <>
          <Button type="submit" form="enrol-database" loading={busy}>
            Enrol database
          </Button>
          <Button kind="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
      <Validation>
        {({ validate }) => (
          <form id="enrol-database" onSubmit={(e) => save(e, validate)} noValidate>
            <FieldInput
              label="Name"
              value={name}
              onChange={setName}
              rule={requiredField('Name the database')}
              autoFocus
            />
            <Field label="Protocol">
              {({ id, describedBy }) => (
                <Select
                  id={id}
                  aria-describedby={describedBy}
                  value={protocol}
                  onChange={(p) => setProtocol(p as EnrolledProtocol)}
                  options={enrolledProtocols.map((p) => ({ value: p, label: databaseProtocolName(p) }))}
                />
              )}
            </Field>
            <FieldInput
              label="URI"
              value={uri}
              onChange={setUri}
              placeholder={uriExamples[protocol]}
              helperText="Where the agent reaches the database"
              rule={databaseUriRule}
            />
            <FieldInput
              label="Labels"
              value={labels}
              onChange={setLabels}
              placeholder="env=prod, team=ops"
              helperText="Roles grant access by these"
              rule={labelsRule}
            />
            <FieldInput label="Description" value={description} onChange={setDescription} />
          </form>
        )}
      </Validation>
    </Dialog>
  );
}
