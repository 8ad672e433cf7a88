import { useState, type ElementType } from 'react';
import styled from 'styled-components';
import { Icon, type IconProps } from '../Icon';
import { focusRing } from '../system';

export type SideNavItem = { id: string; title: string; to: string; icon?: IconProps['icon'] };
export type SideNavSection = { title: string; items: SideNavItem[] };
export type SideNavCategory = { id: string; title: string; icon?: IconProps['icon']; sections: SideNavSection[] };

export type SideNavProps = {
  categories: SideNavCategory[];
  activeItemId?: string;
  /** Controlled category; defaults to the one holding the active item. */
  activeCategoryId?: string;
  onCategoryChange?: (id: string) => void;
  /** The link component, e.g. a router's Link; it receives `to`. Plain anchors get `href`. */
  linkAs?: ElementType;
  label?: string;
};

// 240 px (spec §9), read from the theme.
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

const Categories = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]}px;
  padding: 0 ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[2]}px;
  border-bottom: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
  margin-bottom: ${({ theme }) => theme.space[2]}px;
`;

const CategoryButton = styled.button`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  padding: ${({ theme }) => theme.space[2]}px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.medium}px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text.slightlyMuted};
  font-size: ${({ theme }) => theme.typography.caption.fontSize}px;
  font-weight: ${({ theme }) => theme.typography.caption.fontWeight};
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.selected};
    color: ${({ theme }) => theme.colors.text.main};
  }
  &:hover {
    background: ${({ theme }) => theme.colors.hover};
  }
  ${focusRing}
`;

const SectionTitle = styled.h3`
  margin: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[1]}px;
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

/** The console's left navigation: a category switch on top, then titled sections of links. */
export function SideNav({ categories, activeItemId, activeCategoryId, onCategoryChange, linkAs, label = 'Main' }: SideNavProps) {
  const holding = categories.find((c) => c.sections.some((s) => s.items.some((i) => i.id === activeItemId)));
  const [own, setOwn] = useState(holding?.id ?? categories[0]?.id);
  const current = activeCategoryId ?? own;
  const category = categories.find((c) => c.id === current) ?? categories[0];
  return (
    <Rail aria-label={label}>
      {categories.length > 1 ? (
        <Categories>
          {categories.map((c) => (
            <CategoryButton
              key={c.id}
              type="button"
              aria-pressed={c.id === category?.id}
              onClick={() => {
                setOwn(c.id);
                onCategoryChange?.(c.id);
              }}
            >
              {c.icon ? <Icon icon={c.icon} /> : null}
              {c.title}
            </CategoryButton>
          ))}
        </Categories>
      ) : null}
      {category?.sections.map((section) => (
        <section key={section.title} aria-label={section.title}>
          <SectionTitle>{section.title}</SectionTitle>
          <Items>
            {section.items.map((item) => (
              <li key={item.id}>
                <ItemLink
                  as={linkAs}
                  {...(linkAs ? { to: item.to } : { href: item.to })}
                  aria-current={item.id === activeItemId ? 'page' : undefined}
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
