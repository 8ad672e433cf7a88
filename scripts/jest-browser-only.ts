// Stands in, under jest, for what only a real browser loads: stylesheets (console-kit's terminal view imports
// xterm's) and xterm with its WebGL addon, which draw on a canvas as soon as they are imported. jsdom has no
// canvas, and no test renders a real terminal (the engines are tested against fakes, pages with openXterm mocked).
export {};
