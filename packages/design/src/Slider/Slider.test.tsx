import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '../../test/render';
import { Slider } from './Slider';

function Seek() {
  const [value, setValue] = useState(10);
  return <Slider aria-label="Seek" value={value} max={100} onChange={setValue} valueText={`${value} s`} />;
}

test('is a labelled slider that reports every change', async () => {
  renderWithTheme(<Seek />);
  const slider = screen.getByRole('slider', { name: 'Seek' });
  expect(slider).toHaveAttribute('aria-valuetext', '10 s');
  fireEvent.change(slider, { target: { value: '42' } });
  expect(slider).toHaveValue('42');
  expect(slider).toHaveAttribute('aria-valuetext', '42 s');
  await userEvent.tab();
  expect(slider).toHaveFocus();
});
