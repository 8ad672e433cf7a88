import styled from 'styled-components';

// The favicon (packages/web/public/favicon.svg) draws the same gate: a beam, four pointed bars, two crossbars.
const gate =
  'M3 3h26v5H3z M5 8h4v16l-2 5-2-5z M11 8h4v16l-2 5-2-5z M17 8h4v16l-2 5-2-5z M23 8h4v16l-2 5-2-5z M4 12.5h24V15H4z M4 18.5h24V21H4z';

const Mark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  color: ${({ theme }) => theme.colors.brand};
  font-size: ${({ theme }) => theme.typography.h3.fontSize}px;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  white-space: nowrap;
  & > svg {
    width: ${({ theme }) => theme.iconSizes.small}px;
    height: ${({ theme }) => theme.iconSizes.small}px;
    flex: none;
  }
`;

/** The product's mark, a portcullis (a gate with a grille), and its name, in the theme's brand colour. */
export function ProductMark() {
  return (
    <Mark>
      <svg viewBox="0 0 32 32" fill="currentColor" aria-hidden focusable={false}>
        <path d={gate} />
      </svg>
      Portcullis
    </Mark>
  );
}
