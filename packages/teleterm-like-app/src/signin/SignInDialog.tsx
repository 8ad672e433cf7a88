import { Dialog } from '@portcullis/design';
import type { DaemonProfileJson } from '@portcullis/shared';
import { SignInForm, type SignInFormProps } from './SignInForm';

export interface SignInDialogProps extends Pick<SignInFormProps, 'daemon' | 'onSignedIn'> {
  /** The cluster whose session ended, or none to add a cluster. */
  again?: DaemonProfileJson;
  onClose: () => void;
}

/** Adds a cluster to the workspace, or signs in to one again, over the main window. */
export function SignInDialog({ again, onClose, ...form }: SignInDialogProps) {
  return (
    <Dialog open onClose={onClose} title={again ? `Sign in to ${again.clusterName} again` : 'Add a cluster'}>
      <SignInForm {...form} {...(again ? { initial: { proxy: again.proxy, user: again.user } } : {})} />
    </Dialog>
  );
}
