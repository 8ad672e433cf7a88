/** What is needed of one of shared's message schemas (zod's safeParse). */
interface MessageSchema<T> {
  safeParse(
    json: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/** A text frame read as one of the gateway's JSON messages, or why it is not one. */
export function readJsonFrame<T>(
  data: string,
  schema: MessageSchema<T>,
): { message: T } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { problem: 'a text frame that is not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return {
      problem: `a message that does not match the protocol (${parsed.error.issues.map((i) => `${i.path.map(String).join('.') || 'message'}: ${i.message}`).join('; ')})`,
    };
  return { message: parsed.data };
}
