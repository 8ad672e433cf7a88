export { Button } from './Button';
export type { ButtonProps, ButtonKind, ButtonSize } from './Button';
