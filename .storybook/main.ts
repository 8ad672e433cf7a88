import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const src = (pkg: string) => fileURLToPath(new URL(`../packages/${pkg}/src/index.ts`, import.meta.url));

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    '../packages/design/src/**/*.stories.@(ts|tsx)',
    '../packages/console-kit/src/**/*.stories.@(ts|tsx)',
    '../packages/web/src/**/*.stories.@(ts|tsx)',
    '../packages/teleterm-like-app/src/**/*.stories.@(ts|tsx)',
  ],
  core: { disableTelemetry: true },
  viteFinal: async (cfg) => ({
    ...cfg,
    resolve: {
      ...cfg.resolve,
      alias: {
        ...(cfg.resolve?.alias ?? {}),
        '@portcullis/design': src('design'),
        '@portcullis/shared': src('shared'),
        '@portcullis/console-kit': src('console-kit'),
      },
    },
  }),
};
export default config;
