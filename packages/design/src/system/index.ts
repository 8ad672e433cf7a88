export { systemProps, forwardOnly, notSystemProp } from './system';
export type { SystemProps } from './system';
export { focusRing } from './focus';
export { VisuallyHidden } from './VisuallyHidden';
