import styled from 'styled-components';
import { Box } from '../Box';

/** A Box laid out as a flex container; every flexbox prop applies. */
export const Flex = styled(Box)`
  display: flex;
`;
