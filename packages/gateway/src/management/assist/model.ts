import type { AssistSettings } from './settings';
import { SseTooLarge, sseData } from './sse';

/** The chat completions API's messages, as far as the assistant uses them. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface Completion {
  text: string;
  toolCalls: ToolCall[];
  /** As the endpoint reported it; undefined when it reports no usage. */
  totalTokens: number | undefined;
}

/** A failure of the model endpoint, its message written for the person using the assistant. */
export class ModelError extends Error {}

/** The longest answer kept; an endpoint going on past it is cut off there. */
const maxAnswerChars = 32_000;
/** The most tool calls one answer may make. */
const maxToolCalls = 16;
/** The longest arguments of one tool call. */
const maxArgumentChars = 64 * 1024;
const timeoutMs = 120_000;

interface Chunk {
  choices?: { delta?: { content?: string | null; tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[] } }[];
  usage?: { total_tokens?: number } | null;
  error?: { message?: string };
}

interface Reply {
  choices?: { message?: { content?: string | null; tool_calls?: { id?: string; function?: { name?: string; arguments?: string } }[] } }[];
  usage?: { total_tokens?: number } | null;
}

const prefix = "The assistant's model endpoint";

/**
 * An OpenAI-compatible chat completions endpoint: a hosted API or a local model server. Whatever goes wrong
 * (an HTTP status, the network, a reply that is not JSON, a timeout) becomes a ModelError saying so plainly,
 * with the API key scrubbed from anything the endpoint echoed.
 */
export class ModelClient {
  constructor(private readonly settings: AssistSettings) {}

  /** Streams an answer: text parts to `onText` as they arrive; tool calls assembled from their parts by index. */
  async stream(messages: ChatMessage[], tools: ToolDefinition[], onText: (text: string) => void, signal: AbortSignal): Promise<Completion> {
    const res = await this.post({ messages, tools, stream: true, stream_options: { include_usage: true } }, signal);
    if (res.headers.get('content-type')?.includes('application/json')) return this.whole(res, onText);
    const completion: Completion = { text: '', toolCalls: [], totalTokens: undefined };
    const calls: { id: string; name: string; arguments: string }[] = [];
    try {
      for await (const data of sseData(res.body!)) {
        if (data === '[DONE]') break;
        const chunk = parseJson<Chunk>(data);
        if (chunk.error) throw new ModelError(`${prefix} reported an error: ${this.scrub(chunk.error.message ?? 'no message')}`);
        if (typeof chunk.usage?.total_tokens === 'number') completion.totalTokens = chunk.usage.total_tokens;
        const delta = chunk.choices?.[0]?.delta;
        if (delta?.content) {
          const text = delta.content.slice(0, maxAnswerChars - completion.text.length);
          completion.text += text;
          if (text) onText(text);
          if (completion.text.length >= maxAnswerChars) break;
        }
        for (const part of delta?.tool_calls ?? []) {
          const index = part.index ?? 0;
          if (index >= maxToolCalls) throw new ModelError(`${prefix} sent more than ${maxToolCalls} tool calls in one answer`);
          const call = (calls[index] ??= { id: '', name: '', arguments: '' });
          call.id ||= part.id ?? '';
          call.name += part.function?.name ?? '';
          call.arguments += part.function?.arguments ?? '';
          if (call.arguments.length > maxArgumentChars) throw new ModelError(`${prefix} sent a tool call longer than ${maxArgumentChars} characters`);
        }
      }
    } catch (err) {
      throw this.explain(err, signal);
    }
    completion.toolCalls = toolCalls(calls.filter(Boolean));
    return completion;
  }

  /** One answer, not streamed (titles). */
  async complete(messages: ChatMessage[]): Promise<Completion> {
    return this.whole(await this.post({ messages, stream: false }), () => undefined);
  }

  private async whole(res: Response, onText: (text: string) => void): Promise<Completion> {
    let reply: Reply;
    try {
      reply = parseJson<Reply>(await res.text());
    } catch (err) {
      throw this.explain(err);
    }
    const message = reply.choices?.[0]?.message;
    const text = (message?.content ?? '').slice(0, maxAnswerChars);
    if (text) onText(text);
    const calls = (message?.tool_calls ?? []).slice(0, maxToolCalls).map((c) => ({ id: c.id ?? '', name: c.function?.name ?? '', arguments: c.function?.arguments ?? '' }));
    return { text, toolCalls: toolCalls(calls), totalTokens: reply.usage?.total_tokens ?? undefined };
  }

  private async post(body: Record<string, unknown>, signal?: AbortSignal): Promise<Response> {
    const { endpoint, model, apiKey } = this.settings;
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${endpoint}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json', ...(apiKey && { authorization: `Bearer ${apiKey}` }) },
        body: JSON.stringify({ model, ...body }),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (err) {
      throw this.explain(err, signal);
    }
    if (!res.ok) throw new ModelError(`${prefix} answered ${res.status}: ${this.scrub(errorDetail(await res.text().catch(() => '')) || res.statusText)}`);
    return res;
  }

  /** A ModelError for what went wrong talking to the endpoint. */
  private explain(err: unknown, signal?: AbortSignal): ModelError {
    if (err instanceof ModelError) return err;
    if (err instanceof SyntaxError) return new ModelError(`${prefix} sent a reply that is not valid JSON`);
    if (err instanceof SseTooLarge) return new ModelError(`${prefix} sent ${err.message}`);
    if (signal?.aborted) return new ModelError('the conversation was closed');
    if ((err as Error).name === 'TimeoutError') return new ModelError(`${prefix} did not answer within ${timeoutMs / 1000} s`);
    const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
    return new ModelError(`${prefix} could not be reached: ${this.scrub(cause?.code ?? cause?.message ?? (err as Error).message)}`);
  }

  private scrub(text: string): string {
    const { apiKey } = this.settings;
    return (apiKey ? text.split(apiKey).join('[the API key]') : text).slice(0, 500);
  }
}

/** Tool calls as the conversation carries them; a server that gives no id gets one, since the answer must name it. */
const toolCalls = (calls: { id: string; name: string; arguments: string }[]): ToolCall[] =>
  calls.map((c, i) => ({ id: c.id || `call_${i}`, type: 'function', function: { name: String(c.name), arguments: String(c.arguments) } }));

const parseJson = <T>(text: string): T => JSON.parse(text) as T;

/** The message of an OpenAI-style error body ({error: {message}}), else the body's text. */
function errorDetail(body: string): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: the text itself says what went wrong.
  }
  return body.trim();
}
