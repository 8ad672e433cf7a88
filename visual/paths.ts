import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const paths = {
  root,
  storybook: path.join(root, 'build/storybook'),
  index: path.join(root, 'build/storybook/index.json'),
  baselines: path.join(root, 'visual/__baselines__'),
  diffs: path.join(root, 'visual/__diff__'),
  /** What the Storybook build is made from; a newer file here means it must be rebuilt. */
  sources: ['packages/design/src', 'packages/web/src', '.storybook', 'packages/shared/src'].map((p) =>
    path.join(root, p),
  ),
};

export const port = Number(process.env.VISUAL_PORT ?? 6107);
