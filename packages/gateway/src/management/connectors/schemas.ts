import { z } from 'zod';

/** Connectors travel as `{content}`: the resource written in YAML. */
export const connectorContentBody = z.object({ content: z.string().min(1, 'the connector is empty').max(256_000) }).strict();

export const connectorNameParams = z.object({ name: z.string().min(1).max(128) }).strict();
