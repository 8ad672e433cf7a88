import styled from 'styled-components';
import { notSystemProp, systemProps, type SystemProps } from '../system';

export type BoxProps = SystemProps;

/** The base layout primitive: a div that takes every styled-system prop. */
export const Box = styled.div.withConfig({ shouldForwardProp: notSystemProp })<BoxProps>`
  box-sizing: border-box;
  min-width: 0;
  ${systemProps}
`;
