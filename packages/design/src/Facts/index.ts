export { Facts } from './Facts';
export type { Fact, FactsProps } from './Facts';
