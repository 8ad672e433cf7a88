import { Button, CopyButton, Dialog, Flex, Input, Text } from '@portcullis/design';
import { compilePath, displayDateTime, type ResetToken, webRoutes } from '@portcullis/shared';

export type IssuedToken = ResetToken & { kind: 'invite' | 'password' };

/** The link a new or reset user opens, shown once with its expiry and a copy button. */
export function ResetLinkDialog({ token, onClose }: { token: IssuedToken; onClose: () => void }) {
  const route = token.kind === 'invite' ? webRoutes.userInvite : webRoutes.userReset;
  const link = `${window.location.origin}${compilePath(route, { tokenId: token.value })}`;
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
      <Flex alignItems="center">
        <Input readOnly value={link} aria-label="Link" onFocus={(e) => e.target.select()} mr={2} />
        <CopyButton value={link} label="Copy Link" />
      </Flex>
    </Dialog>
  );
}
