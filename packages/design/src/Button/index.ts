export { Button, ButtonLink } from './Button';
export type { ButtonProps, ButtonLinkProps, ButtonKind, ButtonSize } from './Button';
