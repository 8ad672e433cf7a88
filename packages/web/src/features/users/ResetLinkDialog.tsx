import { Button, Dialog, Input, Text } from '@portcullis/design';
import { compilePath, displayDateTime, type ResetToken, webRoutes } from '@portcullis/shared';
import { useState } from 'react';

export type IssuedToken = ResetToken & { kind: 'invite' | 'password' };

/** The link a new or reset user opens, shown once with its expiry and a copy button. */
export function ResetLinkDialog({ token, onClose }: { token: IssuedToken; onClose: () => void }) {
  const route = token.kind === 'invite' ? webRoutes.userInvite : webRoutes.userReset;
  const link = `${window.location.origin}${compilePath(route, { tokenId: token.value })}`;
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(link);
    setCopied(true);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={token.kind === 'invite' ? 'User Created' : 'Reset User Password'}
      actions={<Button onClick={onClose}>Done</Button>}
    >
      <Text mb={2}>
        Share this link with {token.username}; it lets them set a password and expires at{' '}
        {displayDateTime(token.expires)}.
      </Text>
      <Input readOnly value={link} aria-label="Link" onFocus={(e) => e.target.select()} mb={2} />
      <Button kind="border" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy Link'}
      </Button>
    </Dialog>
  );
}
