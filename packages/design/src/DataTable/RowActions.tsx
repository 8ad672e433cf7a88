import type { ElementType } from 'react';
import { Button, ButtonLink } from '../Button';
import { Icons } from '../Icon';
import { Menu, type MenuItem } from '../Menu';

/**
 * The actions of one row. A menu hides its items behind a click, which only pays off when there is a
 * choice: a single action is shown as a button of its own, named after the action and the row.
 */
export function RowActions({ items, rowName, linkAs }: { items: MenuItem[]; rowName: string; linkAs?: ElementType }) {
  const [only, ...others] = items;
  if (!only) return null;
  if (others.length === 0) {
    const common = { kind: 'border', size: 'small', 'aria-label': `${only.label.replace(/…$/, '')} ${rowName}` } as const;
    return only.to ? (
      <ButtonLink {...common} linkAs={linkAs} to={only.to} onClick={only.onSelect}>
        {only.label}
      </ButtonLink>
    ) : (
      <Button {...common} disabled={only.disabled} onClick={only.onSelect}>
        {only.label}
      </Button>
    );
  }
  return <Menu label={`Actions for ${rowName}`} icon={Icons.MoreVert} items={items} placement="bottom-end" linkAs={linkAs} />;
}
