export { Transition, Fade } from './Transition';
export type { TransitionProps, TransitionState } from './Transition';
