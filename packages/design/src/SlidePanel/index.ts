export { SlidePanel } from './SlidePanel';
export type { SlidePanelProps } from './SlidePanel';
