import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ElementType } from 'react';
import styled, { css, type DefaultTheme } from 'styled-components';
import { Indicator } from '../Indicator';
import { focusRing, notSystemProp, systemProps, type SystemProps } from '../system';

export type ButtonKind = 'primary' | 'secondary' | 'border' | 'warning' | 'text';
export type ButtonSize = 'small' | 'medium' | 'large';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  SystemProps & {
    kind?: ButtonKind;
    size?: ButtonSize;
    /** Shows a spinner, keeps the width and ignores clicks. */
    loading?: boolean;
    /** Stretch to the container's width. */
    block?: boolean;
  };

// The one place sizes become styles.
const sizes: Record<ButtonSize, (t: DefaultTheme) => ReturnType<typeof css>> = {
  small: (t) => css`
    min-height: ${t.sizes.buttonHeight.small}px;
    padding: 0 ${t.space[3]}px;
    font-size: ${t.typography.body3.fontSize}px;
  `,
  medium: (t) => css`
    min-height: ${t.sizes.buttonHeight.medium}px;
    padding: 0 ${t.space[4]}px;
    font-size: ${t.typography.body2.fontSize}px;
  `,
  large: (t) => css`
    min-height: ${t.sizes.buttonHeight.large}px;
    padding: 0 ${t.space[5]}px;
    font-size: ${t.typography.body1.fontSize}px;
  `,
};

// The one place kinds become colours; every state reads the palette's button entry.
const kindStyle = (t: DefaultTheme, kind: ButtonKind) => {
  const c = t.colors.buttons[kind];
  return css`
    background: ${c.background};
    color: ${c.text};
    border: ${t.borderWidths[1]}px solid ${c.border};
    &:hover:not(:disabled) {
      background: ${c.hover};
    }
    &:active:not(:disabled) {
      background: ${c.active};
    }
  `;
};

const StyledButton = styled.button.withConfig({ shouldForwardProp: notSystemProp })<
  SystemProps & { $kind: ButtonKind; $size: ButtonSize; $block?: boolean }
>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]}px;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 1;
  cursor: pointer;
  white-space: nowrap;
  text-decoration: none;
  transition: background ${({ theme }) => theme.durations.fade}ms;
  ${({ theme, $size }) => sizes[$size](theme)}
  ${({ theme, $kind }) => kindStyle(theme, $kind)}
  &:disabled {
    cursor: not-allowed;
    background: ${({ theme, $kind }) => ($kind === 'text' ? 'transparent' : theme.colors.buttons.disabled.background)};
    border-color: transparent;
    color: ${({ theme }) => theme.colors.buttons.disabled.text};
  }
  ${focusRing}
  ${systemProps}
`;

// Transparent rather than hidden, so the button keeps its name while it works.
const Hidden = styled.span`
  opacity: 0;
  display: inline-flex;
  align-items: center;
  gap: inherit;
`;

const Centre = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
`;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { kind = 'primary', size = 'medium', loading = false, block, disabled, children, type = 'button', ...rest },
  ref,
) {
  return (
    <StyledButton
      ref={ref}
      type={type}
      $kind={kind}
      $size={size}
      $block={block}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <>
          <Hidden>{children}</Hidden>
          <Centre aria-hidden>
            <Indicator delay="none" size="small" label="Working" />
          </Centre>
        </>
      ) : (
        children
      )}
    </StyledButton>
  );
});

export type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> &
  SystemProps & {
    kind?: ButtonKind;
    size?: ButtonSize;
    block?: boolean;
    /** The app's router link (react-router's Link), given `to`, so following it does not reload the page. */
    linkAs?: ElementType;
    /** Where the link goes: through `linkAs` when given, else as the anchor's href. */
    to?: string;
  };

/** A link that looks like a Button: an action that navigates (Play a recording), so it stays an anchor. */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { kind = 'primary', size = 'medium', block, linkAs, to, ...rest },
  ref,
) {
  const target = linkAs ? { as: linkAs, to } : { as: 'a' as const, ...(to === undefined ? {} : { href: to }) };
  return <StyledButton ref={ref} $kind={kind} $size={size} $block={block} {...target} {...rest} />;
});
