import type { ElementType, ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, Icons } from '../Icon';
import { Link } from '../Link';

export type PageHeaderProps = {
  /** What the page shows, e.g. the node and login of a terminal, or the recording being played. */
  title: ReactNode;
  /** More about it, on a line under the title: a session's id and parties, a recording's users and times. */
  details?: ReactNode;
  /** The way out of the page: where it leads and what that place is called. */
  back: { title: string; to: string };
  /** The link component for `back`, e.g. a router's Link; it receives `to`. Plain anchors get `href`. */
  linkAs?: ElementType;
  /** Anything at the end, e.g. the cluster's name. */
  actions?: ReactNode;
};

// Slimmer than the TopNav: a full-screen page (terminal, player) gives its room to the content.
const Bar = styled.header`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[3]}px;
  background: ${({ theme }) => theme.colors.levels.surface};
  color: ${({ theme }) => theme.colors.text.main};
  border-bottom: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
`;

const Back = styled(Link)`
  display: inline-flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  font-size: ${({ theme }) => theme.typography.body2.fontSize}px;
  text-decoration: none;
`;

const Heading = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  justify-content: center;
  min-width: 0;
  padding-left: ${({ theme }) => theme.space[3]}px;
  border-left: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h1`
  margin: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.typography.subtitle1.fontSize}px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: ${({ theme }) => theme.typography.subtitle1.lineHeight};
`;

const Actions = styled.div`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.text.muted};
  font-size: ${({ theme }) => theme.typography.body2.fontSize}px;
`;

/** The header of a full-screen page: the way back to the console, then what the page is. */
export function PageHeader({ title, details, back, linkAs, actions }: PageHeaderProps) {
  return (
    <Bar>
      <Back as={linkAs} {...(linkAs ? { to: back.to } : { href: back.to })}>
        <Icon icon={Icons.ArrowLeft} />
        {back.title}
      </Back>
      <Heading>
        <Title>{title}</Title>
        {details}
      </Heading>
      {actions ? <Actions>{actions}</Actions> : null}
    </Bar>
  );
}
