import styled from 'styled-components';
import { notSystemProp, systemProps, type SystemProps } from '../system';
import type { TypographyName } from '../theme/typography';

export type TextProps = SystemProps & { typography?: TypographyName; muted?: boolean; mono?: boolean };

const shouldForwardProp = (prop: string) =>
  notSystemProp(prop) && !['typography', 'muted', 'mono'].includes(prop);

/** Body text; `typography` picks one of the theme's named variants, system props fine-tune it. */
export const Text = styled.div.withConfig({ shouldForwardProp })<TextProps>`
  margin: 0;
  ${({ theme, typography = 'body2' }) => ({ ...theme.typography[typography] })}
  color: ${({ theme, muted }) => (muted ? theme.colors.text.muted : 'inherit')};
  ${({ theme, mono }) => (mono ? { fontFamily: theme.fonts.mono } : {})}
  ${systemProps}
`;

const heading = (as: 'h1' | 'h2' | 'h3' | 'h4') =>
  styled(Text).attrs<TextProps>(({ typography }) => ({ as, typography: typography ?? as }))``;

export const H1 = heading('h1');
export const H2 = heading('h2');
export const H3 = heading('h3');
export const H4 = heading('h4');
