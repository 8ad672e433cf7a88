import { webBasePath } from './index';

test('console routes live under /web', () => {
  expect(webBasePath).toBe('/web');
});
