import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const paths = {
  root,
  /** One Storybook build per state of the sources, so concurrent runs never serve a half-written build. */
  builds: path.join(root, 'build/visual-storybook'),
  baselines: path.join(root, 'visual/__baselines__'),
  diffs: path.join(root, 'visual/__diff__'),
  /** What the Storybook build is made from; a newer file here means it must be rebuilt. */
  sources: [
    'packages/design/src',
    'packages/console-kit/src',
    'packages/web/src',
    'packages/teleterm-like-app/src',
    'packages/shared/src',
    '.storybook',
  ].map((p) => path.join(root, p)),
};

/** Set by global-setup for the test processes: the build being served and where. */
export const run = {
  get storybook() {
    return process.env.VISUAL_STORYBOOK_DIR ?? '';
  },
  get baseURL() {
    return process.env.VISUAL_BASE_URL ?? '';
  },
};
