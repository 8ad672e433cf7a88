import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { WritableStream } from 'node:stream/web';

// msw 2 needs WritableStream, which jest-fixed-jsdom does not put on the page's globals.
globalThis.WritableStream ??= WritableStream as typeof globalThis.WritableStream;

// The whole suite runs on two cores beside real servers: a list or popover that renders in 100 ms alone can take
// over a second there. findBy* and waitFor wait for a condition, so a longer bound costs nothing when it holds.
configure({ asyncUtilTimeout: 5_000 });
