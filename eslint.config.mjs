import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', 'build/**', 'data/**', '**/node_modules/**', 'storybook-static/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/{design,console-kit,web,teleterm-like-app}/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The browser packages must never reach for Node-only modules.
    files: ['packages/{shared,design,console-kit,web,teleterm-like-app}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto', 'child_process', 'os', '@portcullis/gateway/*'] }],
    },
  },
  {
    // The console's test fixtures come from the gateway's own presenters; only test code may reach them.
    files: ['packages/{web,teleterm-like-app}/src/testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto', 'child_process', 'os'] }],
    },
  },
);
