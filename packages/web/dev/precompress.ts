import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files below this size gain less from compression than their Content-Encoding header costs. */
const smallestWorthCompressing = 1024;
const compressible = /\.(js|css|svg|json|wasm|txt)$/;

/**
 * Writes a Brotli and a gzip copy beside each compressible asset of the build, once, at the highest levels. The
 * gateway serves them to browsers that accept them; compressing at build time means a request never pays for it,
 * and the highest Brotli level (too slow per request) roughly thirds the console's JavaScript.
 */
export function precompress(): Plugin {
  return {
    name: 'portcullis-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const file = path.join(options.dir!, fileName);
        const content = readFileSync(file);
        if (content.length < smallestWorthCompressing) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
