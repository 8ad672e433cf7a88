import { Button, DataTable, Flex, Text } from '@portcullis/design';
import { displayDate, type MfaDevice } from '@portcullis/shared';
import { useAtomValue, useSetAtom } from 'jotai';
import { startTransition, useState } from 'react';
import { webConfigAtom } from '../../config';
import { deviceChoices, type DeviceKind } from '../invite/deviceKinds';
import { AddDeviceDialog } from './AddDeviceDialog';
import { mfaDevicesAtom, mfaDevicesVersionAtom } from './mfaAtoms';
import { RemoveDeviceDialog } from './RemoveDeviceDialog';

type Open = { kind: 'add' } | { kind: 'remove'; device: MfaDevice } | null;

/** The user's second-factor devices, with when each was registered and last used; adding and removing them. */
export function MfaDevices() {
  const devices = useAtomValue(mfaDevicesAtom);
  const refresh = useSetAtom(mfaDevicesVersionAtom);
  const { auth } = useAtomValue(webConfigAtom);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const changed = () => {
    close();
    // Keep showing the list while the changed one loads, instead of a spinner in its place.
    startTransition(() => refresh((v) => v + 1));
  };
  // Adding is not skipping: None is no device.
  const addable = deviceChoices(auth).choices.filter((c): c is DeviceKind => c !== 'none');

  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={3} gap={3}>
        <Text muted>
          {addable.length
            ? 'A second factor protects your account: a security key, a passkey or an authenticator app.'
            : 'Two-factor authentication is turned off on this cluster.'}
        </Text>
        {addable.length ? <Button onClick={() => setOpen({ kind: 'add' })}>Add Device</Button> : null}
      </Flex>
      <DataTable<MfaDevice>
        label="Two-factor devices"
        data={devices}
        rowKey={(d) => d.name}
        emptyText="No two-factor devices registered"
        initialSort={{ fieldName: 'registeredDate', dir: 'ASC' }}
        columns={[
          { key: 'name', headerText: 'Name', isSortable: true },
          { key: 'description', headerText: 'Type', isSortable: true },
          {
            key: 'registeredDate',
            headerText: 'Registered',
            isSortable: true,
            noWrap: true,
            render: (d) => displayDate(d.registeredDate),
          },
          {
            key: 'lastUsedDate',
            headerText: 'Last Used',
            isSortable: true,
            noWrap: true,
            render: (d) => displayDate(d.lastUsedDate),
          },
        ]}
        rowActions={(d) => [{ label: 'Remove…', onSelect: () => setOpen({ kind: 'remove', device: d }) }]}
      />
      {open?.kind === 'add' ? (
        <AddDeviceDialog
          hasDevices={devices.length > 0}
          choices={addable}
          onClose={close}
          onAdded={changed}
        />
      ) : null}
      {open?.kind === 'remove' ? (
        <RemoveDeviceDialog device={open.device} onClose={close} onRemoved={changed} />
      ) : null}
    </>
  );
}
