import { darkTheme, lightTheme } from '@portcullis/design';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(web, file), 'utf8');

test('the console page links the favicon under the /web/ base', () => {
  const html = new DOMParser().parseFromString(read('index.html'), 'text/html');
  const icon = html.querySelector('link[rel="icon"]');
  expect(icon?.getAttribute('href')).toBe('/web/favicon.svg');
  expect(icon?.getAttribute('type')).toBe('image/svg+xml');
});

test('the favicon ships from public/ in the brand colours of both themes', () => {
  const svg = read('public/favicon.svg');
  expect(svg).toContain(lightTheme.colors.brand);
  expect(svg).toContain(darkTheme.colors.brand);
});
