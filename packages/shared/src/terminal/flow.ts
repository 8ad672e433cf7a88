/**
 * Flow-control and pacing constants shared by the gateway and the console, so both ends agree.
 */

/** Output bytes the gateway may have in flight to one browser before it waits for an ack. */
export const terminalWindowBytes = 1024 * 1024;

/** The browser acknowledges at least this often (in bytes written to its terminal). */
export const terminalAckEveryBytes = 64 * 1024;

/** The console batches incoming output for about this long before writing it to the terminal. */
export const outputBatchMs = 10;

/** The console debounces resize events for this long before sending one. */
export const resizeDebounceMs = 200;
