/** A pod's exec or attach as kubectl asks for it: what to run where, and whether on a terminal. */
export interface ExecTarget {
  namespace: string;
  pod: string;
  container?: string;
  /** exec runs `command`; attach joins the container's own process. */
  op: 'exec' | 'attach';
  command: string[];
  tty: boolean;
  stdin: boolean;
}

const execPath = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/(exec|attach)$/;

const isTrue = (v: string | null) => v === 'true' || v === '1';

/** A path segment decoded, or undefined for a malformed escape (the API server answers those itself). */
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/** The exec or attach an API path (with its query) asks for, or undefined for any other request. */
export function execTargetOf(path: string): ExecTarget | undefined {
  const url = new URL(path, 'http://kube');
  const match = execPath.exec(url.pathname);
  if (!match) return undefined;
  const namespace = decoded(match[1]!);
  const pod = decoded(match[2]!);
  if (namespace === undefined || pod === undefined) return undefined;
  const q = url.searchParams;
  const container = q.get('container') || undefined;
  return {
    namespace,
    pod,
    ...(container && { container }),
    op: match[3] as ExecTarget['op'],
    command: q.getAll('command'),
    tty: isTrue(q.get('tty')),
    stdin: isTrue(q.get('stdin')),
  };
}

/** The API path (with its query) of an exec or attach on a terminal, as the console asks the API server for one. */
export function execPathOf(t: ExecTarget): string {
  const q = new URLSearchParams();
  for (const c of t.command) q.append('command', c);
  if (t.container) q.set('container', t.container);
  q.set('stdin', String(t.stdin));
  q.set('stdout', 'true');
  // On a terminal stderr is the terminal too; without one it is a stream of its own.
  q.set('stderr', String(!t.tty));
  q.set('tty', String(t.tty));
  return `/api/v1/namespaces/${encodeURIComponent(t.namespace)}/pods/${encodeURIComponent(t.pod)}/${t.op}?${q}`;
}
