export { StepSlider } from './StepSlider';
export type { StepSliderProps, StepProps } from './StepSlider';
