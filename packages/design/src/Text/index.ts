export { Text, H1, H2, H3, H4 } from './Text';
export type { TextProps } from './Text';
