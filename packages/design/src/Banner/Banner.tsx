import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AlertKind } from '../Alert';
import { alertIcon, alertKind } from '../Alert/kinds';
import { ButtonIcon } from '../ButtonIcon';
import { Icon, Icons } from '../Icon';

export type BannerProps = {
  kind?: AlertKind;
  children: ReactNode;
  /** A link or button after the message. */
  action?: ReactNode;
  onDismiss?: () => void;
};

const Strip = styled.div<{ $kind: AlertKind }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  width: 100%;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  background: ${({ theme, $kind }) => alertKind(theme, $kind).surface};
  border-bottom: ${({ theme }) => theme.borderWidths[1]}px solid
    ${({ theme, $kind }) => alertKind(theme, $kind).main};
  color: ${({ theme }) => theme.colors.text.main};
  & > svg {
    flex: none;
    color: ${({ theme, $kind }) => alertKind(theme, $kind).text};
  }
`;

const Message = styled.div`
  flex: 1;
`;

/** A full-width notice across the top of the page, e.g. a cluster-wide announcement. */
export function Banner({ kind = 'info', children, action, onDismiss }: BannerProps) {
  return (
    <Strip $kind={kind} role={kind === 'danger' ? 'alert' : 'status'}>
      <Icon icon={alertIcon[kind]} />
      <Message>{children}</Message>
      {action}
      {onDismiss ? (
        <ButtonIcon icon={Icons.Close} aria-label="Dismiss banner" size="small" onClick={onDismiss} />
      ) : null}
    </Strip>
  );
}
