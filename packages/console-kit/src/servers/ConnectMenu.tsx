import { Menu } from '@portcullis/design';
import type { Node } from '@portcullis/shared';

export interface ConnectMenuProps {
  node: Node;
  onConnect: (node: Node, login: string) => void;
}

/** The logins the user may use on this node (sshLogins); picking one opens a terminal as that login. */
export function ConnectMenu({ node, onConnect }: ConnectMenuProps) {
  const items = node.sshLogins.length
    ? node.sshLogins.map((login) => ({ label: login, onSelect: () => onConnect(node, login) }))
    : [{ label: 'No logins allowed by your roles', onSelect: () => {}, disabled: true }];
  return <Menu label="Connect" items={items} size="small" placement="bottom-end" />;
}
