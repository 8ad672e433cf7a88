import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonIcon } from '../ButtonIcon';
import { Icon, Icons } from '../Icon';
import { notSystemProp, systemProps, type SystemProps } from '../system';
import { alertIcon, alertKind, type AlertKind } from './kinds';

export type AlertProps = SystemProps & {
  kind?: AlertKind;
  children: ReactNode;
  /** A second line under the message. */
  details?: ReactNode;
  /** An action (usually a Button) at the end. */
  action?: ReactNode;
  onDismiss?: () => void;
};

const Frame = styled.div.withConfig({ shouldForwardProp: notSystemProp })<SystemProps & { $kind: AlertKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radius.medium}px;
  border-left: ${({ theme }) => theme.borderWidths[2] * 2}px solid
    ${({ theme, $kind }) => alertKind(theme, $kind).main};
  background: ${({ theme, $kind }) => alertKind(theme, $kind).surface};
  color: ${({ theme }) => theme.colors.text.main};
  & > svg {
    flex: none;
    color: ${({ theme, $kind }) => alertKind(theme, $kind).text};
  }
  ${systemProps}
`;

const Body = styled.div`
  flex: 1;
  align-self: center;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Details = styled.div`
  margin-top: ${({ theme }) => theme.space[1]}px;
  font-weight: ${({ theme }) => theme.fontWeights.regular};
  color: ${({ theme }) => theme.colors.text.slightlyMuted};
`;

/** An inline message inside a page or dialog. Danger and warning are announced at once. */
export function Alert({ kind = 'danger', children, details, action, onDismiss, mb = 3, ...box }: AlertProps) {
  return (
    <Frame $kind={kind} role={kind === 'danger' || kind === 'warning' ? 'alert' : 'status'} mb={mb} {...box}>
      <Icon icon={alertIcon[kind]} />
      <Body>
        {children}
        {details ? <Details>{details}</Details> : null}
      </Body>
      {action}
      {onDismiss ? (
        <ButtonIcon icon={Icons.Close} aria-label="Dismiss" size="small" onClick={onDismiss} />
      ) : null}
    </Frame>
  );
}
