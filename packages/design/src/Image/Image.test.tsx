import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/render';
import { Image } from './Image';

const src = 'data:image/png;base64,iVBORw0KGgo=';

test('is an image named by its alt text, never wider than its container', () => {
  renderWithTheme(<Image src={src} alt="QR code for an authenticator app" />);
  const img = screen.getByRole('img', { name: 'QR code for an authenticator app' });
  expect(img).toHaveAttribute('src', src);
  expect(img).toHaveStyle({ maxWidth: '100%', imageRendering: 'auto' });
});

test('pixelated keeps hard edges; system props size it instead of reaching the element', () => {
  renderWithTheme(<Image src={src} alt="QR code" pixelated width={256} />);
  const img = screen.getByRole('img', { name: 'QR code' });
  expect(img).toHaveStyle({ imageRendering: 'pixelated', width: '256px' });
  expect(img).not.toHaveAttribute('width');
  expect(img).not.toHaveAttribute('pixelated');
});

test('it is not in the Tab order and takes no pointer action of its own', async () => {
  const user = userEvent.setup();
  const onClick = jest.fn();
  renderWithTheme(
    <>
      <button>Before</button>
      <Image src={src} alt="QR code" />
      <button onClick={onClick}>After</button>
    </>,
  );
  screen.getByRole('button', { name: 'Before' }).focus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  await user.click(screen.getByRole('img', { name: 'QR code' }));
  expect(onClick).not.toHaveBeenCalled();
});
