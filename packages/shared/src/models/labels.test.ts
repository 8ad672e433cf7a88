import { displayLabels, sortLabels } from './labels';

test('labels read in name order, and the reserved internal resource id is not shown to people', () => {
  const labels = [
    { name: 'portcullis.internal/resource-id', value: 'f00' },
    { name: 'env', value: 'prod' },
    { name: 'arch', value: 'x86_64' },
  ];
  expect(sortLabels(displayLabels(labels))).toEqual([
    { name: 'arch', value: 'x86_64' },
    { name: 'env', value: 'prod' },
  ]);
});
