export { Radio, RadioGroup } from './Radio';
export type { RadioProps, RadioGroupProps } from './Radio';
