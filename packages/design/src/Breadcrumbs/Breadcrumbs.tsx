import type { ElementType } from 'react';
import styled from 'styled-components';
import { Icon, Icons } from '../Icon';
import { Link } from '../Link';

export type Crumb = { title: string; to?: string };

export type BreadcrumbsProps = {
  items: Crumb[];
  /** The link component, e.g. a router's Link; it receives `to`. Plain anchors get `href`. */
  linkAs?: ElementType;
};

const Trail = styled.ol`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.text.muted};
  & > li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]}px;
  }
  & [aria-current='page'] {
    color: ${({ theme }) => theme.colors.text.main};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

/** Where the page sits; the last crumb is the current page and is not a link. */
export function Breadcrumbs({ items, linkAs }: BreadcrumbsProps) {
  return (
    <nav aria-label="Breadcrumb">
      <Trail>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${item.title}-${i}`}>
              {last || !item.to ? (
                <span aria-current={last ? 'page' : undefined}>{item.title}</span>
              ) : (
                <Link as={linkAs} {...(linkAs ? { to: item.to } : { href: item.to })}>
                  {item.title}
                </Link>
              )}
              {last ? null : <Icon icon={Icons.ChevronRight} />}
            </li>
          );
        })}
      </Trail>
    </nav>
  );
}
