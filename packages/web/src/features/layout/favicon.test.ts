import { darkTheme, lightTheme, ProductMark, ThemeProvider } from '@portcullis/design';
import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';

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

test('the favicon draws the same gate as the product mark in the top bar', () => {
  const favicon = new DOMParser().parseFromString(read('public/favicon.svg'), 'image/svg+xml');
  const { container } = render(createElement(ThemeProvider, null, createElement(ProductMark)));
  expect(container.querySelector('path')?.getAttribute('d')).toBe(favicon.querySelector('path')?.getAttribute('d'));
});
