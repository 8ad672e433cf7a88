import { css } from 'styled-components';

/** The one focus ring every interactive control shows for keyboard focus. */
export const focusRing = css`
  &:focus-visible {
    outline: ${({ theme }) => theme.sizes.focusRing}px solid ${({ theme }) => theme.colors.focus};
    outline-offset: ${({ theme }) => theme.sizes.hairline}px;
  }
`;
