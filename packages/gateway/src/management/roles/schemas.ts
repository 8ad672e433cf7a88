import { z } from 'zod';

/** Roles travel as `{content}`: the resource written in YAML. */
export const roleContentBody = z.object({ content: z.string().min(1, 'the role is empty').max(256_000) }).strict();

export const roleNameParams = z.object({ name: z.string().min(1).max(128) }).strict();
