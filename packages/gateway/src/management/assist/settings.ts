import { readFileSync } from 'node:fs';
import type { GatewayConfig } from '../../platform/config/config';

/** The assistant's model endpoint as the gateway calls it. The key stays here: never logged, returned or shown to the model. */
export interface AssistSettings {
  endpoint: string;
  model: string;
  apiKey: string | undefined;
}

/**
 * The configured assistant, its key read from `apiKeyFile`, or undefined when assist is off. A key file that cannot
 * be read stops the start: the gateway would otherwise call the endpoint without the key the operator meant it to send.
 */
export function loadAssistSettings(assist: GatewayConfig['assist']): AssistSettings | undefined {
  if (!assist) return undefined;
  if (!assist.apiKeyFile) return { endpoint: assist.endpoint, model: assist.model, apiKey: undefined };
  let key: string;
  try {
    key = readFileSync(assist.apiKeyFile, 'utf8').trim();
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new Error(`refusing to start: assist.apiKeyFile ${assist.apiKeyFile} cannot be read (${why}). Fix its path or permissions, or leave apiKeyFile out for a model server that takes no key.`, { cause: err });
  }
  if (!key) throw new Error(`refusing to start: assist.apiKeyFile ${assist.apiKeyFile} is empty. Put the model endpoint's API key in it, or leave apiKeyFile out for a model server that takes no key.`);
  return { endpoint: assist.endpoint, model: assist.model, apiKey: key };
}
