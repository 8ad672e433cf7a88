export { ButtonIcon } from './ButtonIcon';
export type { ButtonIconProps, ButtonIconSize } from './ButtonIcon';
