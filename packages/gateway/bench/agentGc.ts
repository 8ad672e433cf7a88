/**
 * Preloaded into the load bench's agents (run with --expose-gc): a full collection whenever the bench asks over
 * the IPC channel, answered once done, so the agents' memory is measured as the gateway's is, without the
 * garbage their start left behind (which, collected later, made a session's share come out negative).
 */
process.on('message', (message) => {
  if (message !== 'collect garbage') return;
  (globalThis as { gc?: () => void }).gc?.();
  process.send?.('collected');
});
// The channel does not keep the agent running: it stops when the bench stops it, as without the channel.
process.channel?.unref();
