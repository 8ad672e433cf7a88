import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '../Button';
import { renderWithTheme } from '../../test/render';
import { StepSlider, type StepProps } from './StepSlider';

const step = (name: string) =>
  function Step({ next, prev, stepIndex, stepCount }: StepProps) {
    return (
      <div>
        <h2>{name}</h2>
        <p>{`${stepIndex + 1} of ${stepCount}`}</p>
        <Button onClick={prev}>Back</Button>
        <Button onClick={next}>Next</Button>
      </div>
    );
  };

test('next and prev move between steps, each sliding in over 500 ms from the side it came from', async () => {
  const user = userEvent.setup();
  const seen: number[] = [];
  renderWithTheme(
    <StepSlider
      steps={[step('Choose'), step('Configure'), step('Finish')]}
      onStepChange={(i) => seen.push(i)}
    />,
  );
  const slide = () => screen.getByRole('heading').parentElement!.parentElement!;
  expect(screen.getByRole('heading')).toHaveTextContent('Choose');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('heading')).toHaveTextContent('Configure');
  expect(slide()).toHaveAttribute('data-direction', 'next');
  expect(slide()).toHaveStyle({ animationDuration: '500ms' });
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByRole('heading')).toHaveTextContent('Choose');
  expect(slide()).toHaveAttribute('data-direction', 'prev');
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByText('1 of 3')).toBeInTheDocument();
  expect(seen).toEqual([1, 0]);
});
