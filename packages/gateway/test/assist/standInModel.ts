/**
 * A STAND-IN for a model server: no hosted model is reachable from tests. It speaks the OpenAI chat completions API
 * (`POST /v1/chat/completions`, streamed as server-sent events or answered whole) and answers from a script the
 * test sets, one reply per request: text, tool calls, usage, or an HTTP error. A reply may be a function of the
 * request, to play a model that reacts to what it was shown (a gullible one, obeying text in command output).
 * It records every request, so tests can assert what the model was shown and with which key.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface StandInRequest {
  /** The Authorization header as sent. */
  authorization: string | undefined;
  model: string;
  messages: StandInMessage[];
  tools: { type: 'function'; function: { name: string } }[];
  stream: boolean;
}

export type StandInReply =
  | { text?: string; toolCalls?: { name: string; arguments: Record<string, unknown> }[]; totalTokens?: number }
  | { status: number; body: string };

export type StandInStep = StandInReply | ((request: StandInRequest) => StandInReply);

export interface StandInModel {
  /** The API base, as `assist.endpoint` takes it. */
  url: string;
  requests: StandInRequest[];
  /** Adds replies, answered in order; a request finding none left gets the fallback, else a 500 saying so. */
  script(...steps: StandInStep[]): void;
  close(): Promise<void>;
}

let callCount = 0;

/** Text in small pieces, so a streamed answer arrives as several deltas. */
const pieces = (text: string) => text.match(/.{1,6}/gs) ?? [];

function sse(res: ServerResponse, reply: Exclude<StandInReply, { status: number }>, includeUsage: boolean) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(`data: ${JSON.stringify({ id: 'chatcmpl-stand-in', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  chunk({ role: 'assistant', content: '' });
  for (const piece of pieces(reply.text ?? '')) chunk({ content: piece });
  (reply.toolCalls ?? []).forEach((call, index) => {
    const args = JSON.stringify(call.arguments);
    const half = Math.floor(args.length / 2);
    // As OpenAI streams them: the id and name first, then the arguments in parts, all keyed by index.
    chunk({ tool_calls: [{ index, id: `call_${++callCount}`, type: 'function', function: { name: call.name, arguments: '' } }] });
    chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] });
    chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
  });
  chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop');
  if (includeUsage && reply.totalTokens !== undefined) {
    res.write(`data: ${JSON.stringify({ id: 'chatcmpl-stand-in', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: reply.totalTokens - 1, completion_tokens: 1, total_tokens: reply.totalTokens } })}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}

function whole(res: ServerResponse, reply: Exclude<StandInReply, { status: number }>) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const usage = reply.totalTokens === undefined ? undefined : { prompt_tokens: reply.totalTokens - 1, completion_tokens: 1, total_tokens: reply.totalTokens };
  res.end(JSON.stringify({ id: 'chatcmpl-stand-in', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: reply.text ?? null }, finish_reason: 'stop' }], usage }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

/**
 * `otherwise` answers a request when no scripted reply is left (an end-to-end run, whose model lives in another
 * process than its tests, plays a fixed model this way); without it, such a request gets a 500.
 */
export async function startStandInModel(otherwise?: (request: StandInRequest) => StandInReply): Promise<StandInModel> {
  const requests: StandInRequest[] = [];
  const steps: StandInStep[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `the stand-in model serves POST /v1/chat/completions, not ${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(await readBody(req)) as Omit<StandInRequest, 'authorization'> & { stream_options?: { include_usage?: boolean } };
      const request: StandInRequest = { authorization: req.headers.authorization, model: body.model, messages: body.messages, tools: body.tools ?? [], stream: body.stream === true };
      requests.push(request);
      const step = steps.shift() ?? otherwise;
      const reply = typeof step === 'function' ? step(request) : step;
      if (!reply) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'the stand-in model has no scripted reply left' } }));
      } else if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
      } else if (request.stream) {
        sse(res, reply, body.stream_options?.include_usage === true);
      } else {
        whole(res, reply);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...more) => void steps.push(...more),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
