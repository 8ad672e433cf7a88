export { DateRangeInput } from './DateRangeInput';
export type { DateRangeInputProps, DateRange } from './DateRangeInput';
