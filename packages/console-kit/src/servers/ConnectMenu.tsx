import { Menu, type MenuItem } from '@portcullis/design';
import type { Node } from '@portcullis/shared';
import { FollowInApp, InAppLink } from './InAppLink';

export interface ConnectMenuProps {
  node: Node;
  onConnect: (node: Node, login: string) => void;
  /** The terminal's address for a login, so it can also be opened in a new tab. */
  terminalHref: (node: Node, login: string) => string;
  /** Opens a terminal in a new tab where the app keeps them; without it, a new browser tab at terminalHref. */
  onOpenInNewTab?: (node: Node, login: string) => void;
}

/**
 * The logins the user may use on this node (sshLogins). Picking one opens a terminal as that login in
 * this tab; Ctrl/Cmd-click or middle click on it, or its "Open in new tab" item, opens it in a new tab.
 */
export function ConnectMenu({ node, onConnect, terminalHref, onOpenInNewTab }: ConnectMenuProps) {
  if (!node.sshLogins.length) {
    return (
      <Menu
        label="Connect"
        items={[{ label: 'No logins allowed by your roles', onSelect: () => {}, disabled: true }]}
        size="small"
        placement="bottom-end"
      />
    );
  }
  const hrefs = new Map(node.sshLogins.map((login) => [terminalHref(node, login), login]));
  const items: MenuItem[] = [
    ...[...hrefs].map(([href, login]) => ({ label: login, to: href })),
    ...[...hrefs].map(([href, login]) => ({
      label: `Open in new tab as ${login}`,
      onSelect: () =>
        onOpenInNewTab ? onOpenInNewTab(node, login) : window.open(href, '_blank', 'noopener'),
    })),
  ];
  return (
    <FollowInApp.Provider value={(href) => onConnect(node, hrefs.get(href)!)}>
      <Menu label="Connect" items={items} size="small" placement="bottom-end" linkAs={InAppLink} />
    </FollowInApp.Provider>
  );
}
