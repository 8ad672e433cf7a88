import { readFileSync, statSync } from 'node:fs';

/**
 * The console's index.html, re-read only when the file changes (a rebuild while the gateway runs), with its
 * two placeholders (the CSRF token and the bearer session the page bootstraps from) filled per request.
 */
export class IndexPage {
  private cached: { mtimeMs: number; html: string } | undefined;

  constructor(private readonly file: string) {}

  private template(): string | undefined {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      return undefined;
    }
    if (this.cached?.mtimeMs !== mtimeMs) this.cached = { mtimeMs, html: readFileSync(this.file, 'utf8') };
    return this.cached.html;
  }

  /** undefined when the console is not built. Both values are hex or base64, so they need no escaping. */
  render(csrfToken: string, sessionBase64: string): string | undefined {
    return this.template()?.replaceAll('{{.XCSRF}}', csrfToken).replaceAll('{{.Session}}', sessionBase64);
  }
}
