import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AlertKind } from '../Alert';
import { alertIcon, alertKind } from '../Alert/kinds';
import { ButtonIcon } from '../ButtonIcon';
import { Icon, Icons } from '../Icon';

export type ToastProps = {
  kind?: AlertKind;
  title: ReactNode;
  description?: ReactNode;
  onClose?: () => void;
};

const Card = styled.div<{ $kind: AlertKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]}px;
  width: ${({ theme }) => theme.sizes.toastWidth}px;
  max-width: 100%;
  padding: ${({ theme }) => theme.space[3]}px;
  border-radius: ${({ theme }) => theme.radius.large}px;
  border-top: ${({ theme }) => theme.borderWidths[2] * 2}px solid
    ${({ theme, $kind }) => alertKind(theme, $kind).main};
  background: ${({ theme }) => theme.colors.levels.popout};
  color: ${({ theme }) => theme.colors.text.main};
  box-shadow: ${({ theme }) => theme.shadows.high};
  & > svg {
    flex: none;
    color: ${({ theme, $kind }) => alertKind(theme, $kind).main};
  }
`;

const Words = styled.div`
  flex: 1;
  min-width: 0;
  & > strong {
    display: block;
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  & > p {
    margin: ${({ theme }) => theme.space[1]}px 0 0;
    color: ${({ theme }) => theme.colors.text.slightlyMuted};
  }
`;

/** One notification card; ToastProvider stacks them in a corner. */
export function Toast({ kind = 'info', title, description, onClose }: ToastProps) {
  return (
    <Card $kind={kind}>
      <Icon icon={alertIcon[kind]} />
      <Words>
        <strong>{title}</strong>
        {description ? <p>{description}</p> : null}
      </Words>
      {onClose ? (
        <ButtonIcon icon={Icons.Close} aria-label="Dismiss notification" size="small" onClick={onClose} />
      ) : null}
    </Card>
  );
}
