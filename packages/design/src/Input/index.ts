export { Input, fieldBox } from './Input';
export type { InputProps, InputSize } from './Input';
