import type { ResourceJson } from '@portcullis/shared';
import type { ZodType } from 'zod';
import type { ResourceKind } from '../../management/roles/model';
import type { Gateway } from '../server/context';
import { withOptional, withoutOptional } from './templates';

/** What a kind of YAML resource (a role, an auth connector, a trusted cluster) offers its routes. */
export interface YamlResources<T> {
  list(): Promise<T[]>;
  get(name: string): Promise<T>;
  create(user: string, content: string): Promise<T>;
  update(user: string, name: string, content: string): Promise<T>;
  remove(user: string, name: string): Promise<void>;
}

export interface YamlResourceRoutes<T> {
  /** The path template with an optional `:name?`, e.g. /v1/webapi/roles/:name?. */
  path: string;
  /** The rule resource each verb is checked on. */
  rule: ResourceKind;
  resources: YamlResources<T>;
  present: (item: T) => ResourceJson;
  /** `{content}`, with the kind's size limit and the words for an empty one. */
  body: ZodType<{ content: string }>;
  params: ZodType<{ name: string }>;
}

/** GET the list or one by name, POST a new one, PUT one by name, DELETE one by name; bodies are {content}, the YAML. */
export function yamlResourceRoutes<T>(gw: Gateway, r: YamlResourceRoutes<T>): void {
  const list = withoutOptional(r.path);
  const one = withOptional(r.path);

  gw.route('GET', list, {
    access: { resource: r.rule, verb: 'list' },
    handler: async () => (await r.resources.list()).map(r.present),
  });

  gw.route('GET', one, {
    access: { resource: r.rule, verb: 'read' },
    params: r.params,
    handler: async ({ params }) => r.present(await r.resources.get(params.name)),
  });

  gw.route('POST', list, {
    access: { resource: r.rule, verb: 'create' },
    body: r.body,
    handler: async ({ identity, body }) => r.present(await r.resources.create(identity!.user.name, body.content)),
  });

  gw.route('PUT', one, {
    access: { resource: r.rule, verb: 'update' },
    params: r.params,
    body: r.body,
    handler: async ({ identity, params, body }) => r.present(await r.resources.update(identity!.user.name, params.name, body.content)),
  });

  gw.route('DELETE', one, {
    access: { resource: r.rule, verb: 'delete' },
    params: r.params,
    handler: async ({ identity, params }) => {
      await r.resources.remove(identity!.user.name, params.name);
      return { message: 'ok' };
    },
  });
}
