export { Flex } from './Flex';
