/** One step of a connection test: what was checked, whether it passed, and for a failure what to do about it. */
export interface Trace {
  traceType: string;
  status: 'SUCCESS' | 'FAILED';
  details: string;
  error?: string;
}

export const passed = (traceType: string, details: string): Trace => ({ traceType, status: 'SUCCESS', details });

export const failed = (traceType: string, details: string, error: string): Trace => ({ traceType, status: 'FAILED', details, error });

/**
 * A test's steps run in order until one fails: each later step depends on the ones before (a login the roles
 * refuse is never tried on the node).
 */
export async function runSteps(steps: (() => Promise<Trace> | Trace)[]): Promise<Trace[]> {
  const traces: Trace[] = [];
  for (const step of steps) {
    const trace = await step();
    traces.push(trace);
    if (trace.status === 'FAILED') break;
  }
  return traces;
}
