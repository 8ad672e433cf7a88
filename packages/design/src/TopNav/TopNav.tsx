import type { ReactNode } from 'react';
import styled from 'styled-components';

export type TopNavProps = {
  /** Logo or product name at the start. */
  brand?: ReactNode;
  /** Middle content, e.g. a cluster picker or search. */
  children?: ReactNode;
  /** Actions at the end: theme switch, help, user menu. */
  actions?: ReactNode;
};

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.nav};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]}px;
  height: ${({ theme }) => theme.sizes.topNavHeight}px;
  padding: 0 ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.levels.surface};
  color: ${({ theme }) => theme.colors.text.main};
  border-bottom: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.typography.h3.fontSize}px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.brand};
`;

const Middle = styled.div`
  flex: 1;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
`;

/** The bar across the top of the app. */
export function TopNav({ brand, children, actions }: TopNavProps) {
  return (
    <Bar>
      {brand ? <Brand>{brand}</Brand> : null}
      <Middle>{children}</Middle>
      {actions ? <Actions>{actions}</Actions> : null}
    </Bar>
  );
}
