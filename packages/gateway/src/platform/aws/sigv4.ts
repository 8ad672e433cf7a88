import aws4 from 'aws4';

/** Credentials a request to AWS is signed with: long-lived keys, or a role's temporary ones with their session token. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface AwsRequest {
  url: string;
  method: 'GET' | 'POST';
  service: string;
  region: string;
  /** A form POST's body (AWS's query APIs take their parameters as a form or in the query string). */
  form?: string;
}

/**
 * SigV4 headers for a request to an AWS query API, by aws4: request signing is where a hand-written version goes
 * subtly wrong, and aws4 is the small, long-kept library for exactly this. fetch sets Host and Content-Length
 * from the URL and body itself, so they are left out (aws4 signs the same values).
 */
export function signV4(request: AwsRequest, creds: AwsCredentials): Record<string, string> {
  const { host, pathname, search } = new URL(request.url);
  const signed = aws4.sign(
    {
      host,
      path: `${pathname || '/'}${search}`,
      method: request.method,
      service: request.service,
      region: request.region,
      ...(request.form !== undefined && { body: request.form, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } }),
    },
    creds,
  );
  const { Host: _host, host: _lower, 'Content-Length': _length, ...headers } = signed.headers as Record<string, string>;
  return headers;
}
