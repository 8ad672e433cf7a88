import styled from 'styled-components';
import { notSystemProp, systemProps, type SystemProps } from '../system';

export type CardProps = SystemProps;

/** A raised surface, as wide as the theme's card width (540 px) unless told otherwise. */
export const Card = styled.div.withConfig({ shouldForwardProp: notSystemProp })<CardProps>`
  box-sizing: border-box;
  width: ${({ theme }) => theme.sizes.cardWidth}px;
  max-width: 100%;
  padding: ${({ theme }) => theme.space[5]}px;
  background: ${({ theme }) => theme.colors.levels.surface};
  border-radius: ${({ theme }) => theme.radius.large}px;
  box-shadow: ${({ theme }) => theme.shadows.medium};
  color: ${({ theme }) => theme.colors.text.main};
  ${systemProps}
`;
