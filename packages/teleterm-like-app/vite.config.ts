import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));

// No dev server: the daemon refuses any Host or Origin but its own loopback address, so the app is built and
// served by `portcullis connect` (see README).
export default defineConfig({
  // The daemon serves the app at its root.
  base: '/',
  plugins: [react()],
  resolve: {
    // Built against the libraries' sources, as the console is, so nothing has to be built first.
    alias: {
      '@portcullis/design': src('design'),
      '@portcullis/shared': src('shared'),
      '@portcullis/console-kit': src('console-kit'),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
});
