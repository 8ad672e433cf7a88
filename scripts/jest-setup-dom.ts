import '@testing-library/jest-dom';
import { WritableStream } from 'node:stream/web';

// msw 2 needs WritableStream, which jest-fixed-jsdom does not put on the page's globals.
globalThis.WritableStream ??= WritableStream as typeof globalThis.WritableStream;
