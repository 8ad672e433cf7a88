import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, Icons, type IconProps } from '../Icon';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: IconProps['icon'];
  /** What to do next, usually a Button. */
  action?: ReactNode;
};

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => theme.space[8]}px ${({ theme }) => theme.space[4]}px;
  text-align: center;
  color: ${({ theme }) => theme.colors.text.main};
  & > svg {
    color: ${({ theme }) => theme.colors.text.muted};
  }
  & > h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.h3.fontSize}px;
  }
  & > p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    max-width: ${({ theme }) => theme.sizes.cardWidth}px;
    color: ${({ theme }) => theme.colors.text.muted};
  }
`;

/** What a page or table shows when there is nothing yet, with the next step. */
export function EmptyState({ title, description, icon = Icons.EmptyBox, action }: EmptyStateProps) {
  return (
    <Frame>
      <Icon icon={icon} size="large" />
      <h3>{title}</h3>
      {description ? <p>{description}</p> : null}
      {action}
    </Frame>
  );
}
