import { Label } from '@portcullis/design';

/** A cluster's status as a pill: online, or offline (a leaf whose tunnel to this gateway is down). */
export function ClusterStatus({ status }: { status: string }) {
  return <Label kind={status === 'online' ? 'success' : 'danger'}>{status}</Label>;
}
