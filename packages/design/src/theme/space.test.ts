import { space } from './space';

test('the spacing scale is exactly the spec’s', () => {
  expect(space).toEqual([0, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80]);
});
