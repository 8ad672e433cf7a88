export { Indicator } from './Indicator';
export type { IndicatorProps, IndicatorDelay } from './Indicator';
