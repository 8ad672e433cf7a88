import { forwardRef, type ButtonHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Icon, type IconProps } from '../Icon';
import { focusRing, notSystemProp, systemProps, type SystemProps } from '../system';

export type ButtonIconSize = 'small' | 'medium' | 'large';

export type ButtonIconProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> &
  SystemProps & {
    icon: IconProps['icon'];
    /** Required: an icon-only button needs a name for assistive technology. */
    'aria-label': string;
    size?: ButtonIconSize;
  };

const Round = styled.button.withConfig({ shouldForwardProp: notSystemProp })<
  { $size: ButtonIconSize } & SystemProps
>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme, $size }) => theme.sizes.buttonHeight[$size]}px;
  height: ${({ theme, $size }) => theme.sizes.buttonHeight[$size]}px;
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text.slightlyMuted};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.hover};
  }
  &:disabled {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.text.disabled};
  }
  ${focusRing}
  ${systemProps}
`;

/** A round, icon-only button. The glyph is 24 px; the hit area follows `size`. */
export const ButtonIcon = forwardRef<HTMLButtonElement, ButtonIconProps>(function ButtonIcon(
  { icon, size = 'medium', type = 'button', ...rest },
  ref,
) {
  return (
    <Round ref={ref} type={type} $size={size} {...rest}>
      <Icon icon={icon} size="small" />
    </Round>
  );
});
