import type { EventDefinition, RawEvent } from './types';

const placeholder = /\{([\w.-]+)\}/g;

/**
 * Reads a field by its flat key first (the gateway writes keys such as 'addr.remote'), then as a
 * nested path, for events that carry objects.
 */
export function readField(raw: RawEvent, field: string): unknown {
  if (field in raw) return raw[field];
  let value: unknown = raw;
  for (const part of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function show(value: unknown): string {
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Fills `{field}` placeholders from the raw event; absent fields render empty. */
export function fillTemplate(template: string, raw: RawEvent): string {
  return template.replace(placeholder, (_, field: string) => show(readField(raw, field)));
}

export function templateFields(template: string): string[] {
  return [...template.matchAll(placeholder)].map((m) => m[1] as string);
}

/** An entry whose message is one template. */
export function ev<C extends string>(code: C, type: string, desc: string, template: string): EventDefinition<C> {
  return { code, type, desc, fields: templateFields(template), format: (raw) => fillTemplate(template, raw) };
}

/** An entry whose message depends on the event's data; `fields` lists what `format` reads. */
export function evWith<C extends string>(
  code: C,
  type: string,
  desc: string,
  fields: readonly string[],
  format: (raw: RawEvent) => string,
): EventDefinition<C> {
  return { code, type, desc, fields, format };
}
