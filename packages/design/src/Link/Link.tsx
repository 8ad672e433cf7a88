import styled from 'styled-components';
import { focusRing, notSystemProp, systemProps, type SystemProps } from '../system';

export type LinkProps = SystemProps;

/** An anchor in the brand colour, underlined on hover. Render a router link with `as`. */
export const Link = styled.a.withConfig({ shouldForwardProp: notSystemProp })<LinkProps>`
  color: ${({ theme }) => theme.colors.brand};
  text-decoration: underline;
  text-underline-offset: ${({ theme }) => theme.space[1] / 2}px;
  cursor: pointer;
  &:hover {
    text-decoration-thickness: ${({ theme }) => theme.borderWidths[2]}px;
  }
  ${focusRing}
  ${systemProps}
`;
