/**
 * Flow-control and pacing constants shared by the gateway and the console, so both ends agree.
 */

/** Output bytes the gateway may have in flight to one browser before it waits for an ack. */
export const terminalWindowBytes = 1024 * 1024;

/**
 * The browser acknowledges output in credits of at least this many bytes (written to its terminal). A quarter of
 * the window: the gateway never waits on an unsent credit while three quarters of the window remain, and a
 * flood costs one ack (a message each way through the gateway and the tunnel) per 256 KiB rather than per frame.
 */
export const terminalAckEveryBytes = terminalWindowBytes / 4;

/** The console batches incoming output for about this long before writing it to the terminal. */
export const outputBatchMs = 10;

/** The console debounces resize events for this long before sending one. */
export const resizeDebounceMs = 200;
