import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { gatewayBootstrap } from './dev/gatewayBootstrap.ts';
import { precompress } from './dev/precompress.ts';

const src = (pkg: string) => fileURLToPath(new URL(`../${pkg}/src/index.ts`, import.meta.url));
const gateway = process.env.PORTCULLIS_GATEWAY ?? 'http://127.0.0.1:3080';

export default defineConfig({
  // Lazily loaded assets are requested under /web/.
  base: '/web/',
  plugins: [react(), gatewayBootstrap(gateway), precompress()],
  resolve: {
    // The console builds against the sources of the libraries, so a change there reloads here.
    alias: {
      '@portcullis/design': src('design'),
      '@portcullis/shared': src('shared'),
      '@portcullis/console-kit': src('console-kit'),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 3000,
    // The dev server serves the console with hot reload; the API and websockets go to a running gateway.
    proxy: {
      '/v1': { target: gateway, ws: true, changeOrigin: false },
      '/web/config.js': { target: gateway, changeOrigin: false },
    },
  },
});
