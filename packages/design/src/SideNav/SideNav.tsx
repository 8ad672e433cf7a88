import type { ElementType } from 'react';
import styled, { type DefaultTheme } from 'styled-components';
import { Icon, type IconProps } from '../Icon';
import { focusRing } from '../system';

export type SideNavItem = {
  title: string;
  to: string;
  icon?: IconProps['icon'];
  /** Active only on this exact path. */ exact?: boolean;
};
/** One run of links under a category heading and an optional section sub-heading. */
export type SideNavGroup = { category: string; section?: string; items: SideNavItem[] };

export type SideNavProps = {
  groups: SideNavGroup[];
  /** The current location's path; the matching item is marked as the current page. */
  activePath?: string;
  /** The link component, e.g. a router's Link; it receives `to`. Plain anchors get `href`. */
  linkAs?: ElementType;
  label?: string;
};

export const isActiveItem = (item: SideNavItem, path: string | undefined) =>
  path !== undefined &&
  (path === item.to || (!item.exact && path.startsWith(item.to.endsWith('/') ? item.to : `${item.to}/`)));

// The side navigation's width, 240 px, read from the theme.
const Rail = styled.nav`
  display: flex;
  flex-direction: column;
  flex: none;
  width: ${({ theme }) => theme.sizes.sideNavWidth}px;
  height: 100%;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.levels.surface};
  border-right: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.space[2]}px 0;
`;

// Headings start where the items' icons and words do: the list's inset plus the link's own padding.
const headingMargin = ({ theme }: { theme: DefaultTheme }) =>
  `${theme.space[3]}px ${theme.space[2] + theme.space[2]}px ${theme.space[1]}px`;

const CategoryTitle = styled.h2`
  margin: ${headingMargin};
  font-size: ${({ theme }) => theme.typography.subtitle2.fontSize}px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text.main};
`;

const SectionTitle = styled.h3`
  margin: ${headingMargin};
  font-size: ${({ theme }) => theme.typography.caption.fontSize}px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: ${({ theme }) => theme.typography.caption.letterSpacing};
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.text.muted};
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 ${({ theme }) => theme.space[2]}px;
`;

const ItemLink = styled.a`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radius.medium}px;
  color: ${({ theme }) => theme.colors.text.slightlyMuted};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
    color: ${({ theme }) => theme.colors.text.main};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.selected};
    color: ${({ theme }) => theme.colors.text.main};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  ${focusRing}
`;

/** The console's left navigation (240 px): category headings, section sub-headings, then links. */
export function SideNav({ groups, activePath, linkAs, label = 'Main' }: SideNavProps) {
  return (
    <Rail aria-label={label}>
      {groups.map((group, i) => (
        <section
          key={`${group.category}/${group.section ?? ''}`}
          aria-label={group.section ?? group.category}
        >
          {groups[i - 1]?.category === group.category ? null : (
            <CategoryTitle>{group.category}</CategoryTitle>
          )}
          {group.section ? <SectionTitle>{group.section}</SectionTitle> : null}
          <Items>
            {group.items.map((item) => (
              <li key={item.to}>
                <ItemLink
                  as={linkAs}
                  {...(linkAs ? { to: item.to } : { href: item.to })}
                  aria-current={isActiveItem(item, activePath) ? 'page' : undefined}
                >
                  {item.icon ? <Icon icon={item.icon} /> : null}
                  {item.title}
                </ItemLink>
              </li>
            ))}
          </Items>
        </section>
      ))}
    </Rail>
  );
}
