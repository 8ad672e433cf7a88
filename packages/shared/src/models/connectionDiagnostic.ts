export interface DiagnosticTrace {
  traceType: string;
  status: string;
  details: string;
  error: string;
}

export interface ConnectionDiagnosticJson {
  id: string;
  success: boolean;
  message: string;
  traces?: Array<{ traceType: string; status: string; details: string; error?: string }>;
}

export interface ConnectionDiagnostic {
  id: string;
  success: boolean;
  message: string;
  traces: DiagnosticTrace[];
}

/** Trace statuses arrive upper-case from the server and are shown lower-case. */
export const makeConnectionDiagnostic = (json: ConnectionDiagnosticJson): ConnectionDiagnostic => ({
  id: json.id,
  success: json.success,
  message: json.message,
  traces: (json.traces ?? []).map((t) => ({
    traceType: t.traceType,
    status: t.status.toLowerCase(),
    details: t.details,
    error: t.error ?? '',
  })),
});
