import { createGlobalStyle } from 'styled-components';

/** Page-wide defaults: the palette's sunken level behind everything, body type, border-box sizing. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body {
    margin: 0;
    background-color: ${({ theme }) => theme.colors.levels.sunken};
    color: ${({ theme }) => theme.colors.text.main};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.typography.body2.fontSize}px;
    line-height: ${({ theme }) => theme.typography.body2.lineHeight};
    color-scheme: ${({ theme }) => theme.name};
    -webkit-font-smoothing: antialiased;
  }
  button, input, select, textarea { font-family: inherit; }
  :focus-visible { outline: ${({ theme }) => theme.sizes.focusRing}px solid ${({ theme }) => theme.colors.focus}; outline-offset: ${({ theme }) => theme.sizes.hairline}px; }
`;
