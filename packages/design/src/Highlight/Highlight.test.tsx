import { renderWithTheme } from '../../test/render';
import { Highlight } from './Highlight';

const marked = (container: HTMLElement) => [...container.querySelectorAll('mark')].map((m) => m.textContent);

test('marks every occurrence, ignoring case, and keeps the text as written', () => {
  const { container } = renderWithTheme(<Highlight text="ls; LS -la; cat ls.txt" match="ls" />);
  expect(container).toHaveTextContent('ls; LS -la; cat ls.txt');
  expect(marked(container)).toEqual(['ls', 'LS', 'ls']);
});

test('marks nothing when there is no match or nothing to match', () => {
  expect(marked(renderWithTheme(<Highlight text="sudo reboot" match="kubectl" />).container)).toEqual([]);
  const { container } = renderWithTheme(<Highlight text="sudo reboot" match="" />);
  expect(marked(container)).toEqual([]);
  expect(container).toHaveTextContent('sudo reboot');
});
