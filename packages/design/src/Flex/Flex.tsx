import styled from 'styled-components';
import { Box, type BoxProps } from '../Box';

/**
 * A Box laid out as a flex container; every flexbox prop applies. `display` still wins when given (to hide it
 * responsively, say): flex is only the default, since a rule of this component's own would override Box's.
 */
export const Flex = styled(Box).attrs<BoxProps>((props) => ({ display: props.display ?? 'flex' }))``;
