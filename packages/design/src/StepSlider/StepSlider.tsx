import { useState, type ComponentType } from 'react';
import styled, { keyframes } from 'styled-components';

export type StepProps = {
  next: () => void;
  prev: () => void;
  stepIndex: number;
  stepCount: number;
};

export type StepSliderProps = {
  steps: ComponentType<StepProps>[];
  initialStep?: number;
  onStepChange?: (index: number) => void;
};

const fromRight = keyframes`
  from { transform: translateX(100%); opacity: 0; }
  to { transform: translateX(0); opacity: 1; }
`;

const fromLeft = keyframes`
  from { transform: translateX(-100%); opacity: 0; }
  to { transform: translateX(0); opacity: 1; }
`;

const Viewport = styled.div`
  overflow: hidden;
`;

// Each step slides in over 500 ms from the side it was reached from.
const Slide = styled.div<{ $direction: 'next' | 'prev' | 'none' }>`
  animation-name: ${({ $direction }) => ($direction === 'next' ? fromRight : $direction === 'prev' ? fromLeft : 'none')};
  animation-duration: ${({ theme }) => theme.durations.slide}ms;
  animation-timing-function: ease;
`;

/** A multi-step flow: each step gets `next` and `prev` and slides in from the right or left. */
export function StepSlider({ steps, initialStep = 0, onStepChange }: StepSliderProps) {
  const [at, setAt] = useState({ index: initialStep, direction: 'none' as 'next' | 'prev' | 'none' });
  const go = (delta: 1 | -1) => {
    const index = Math.min(steps.length - 1, Math.max(0, at.index + delta));
    if (index === at.index) return;
    setAt({ index, direction: delta > 0 ? 'next' : 'prev' });
    onStepChange?.(index);
  };
  const Step = steps[at.index];
  if (!Step) return null;
  return (
    <Viewport>
      <Slide key={at.index} $direction={at.direction} data-direction={at.direction}>
        <Step next={() => go(1)} prev={() => go(-1)} stepIndex={at.index} stepCount={steps.length} />
      </Slide>
    </Viewport>
  );
}
