export { Alert } from './Alert';
export type { AlertProps } from './Alert';
export type { AlertKind } from './kinds';
