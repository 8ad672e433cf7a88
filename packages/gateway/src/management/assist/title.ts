import { ModelError, type ModelClient } from './model';

const maxTitleChars = 100;

const instruction = 'Write a title of at most six words for a conversation that starts with the message below. Answer with the title alone, without quotes or punctuation at the end.';

/** The first few words of the message: the title when the model gives none. */
export function firstWords(message: string): string {
  const words = message.trim().split(/\s+/).slice(0, 6).join(' ');
  return words.length > 60 ? `${words.slice(0, 59)}…` : words;
}

/** A short title for a conversation starting with `message`, asked of the model; its first words if the model fails. */
export async function summariseTitle(model: ModelClient, message: string): Promise<string> {
  try {
    const { text } = await model.complete([
      { role: 'system', content: instruction },
      { role: 'user', content: message },
    ]);
    const title = (text.trim().split('\n')[0] ?? '').replace(/^["'\s]+|["'\s]+$/g, '').slice(0, maxTitleChars);
    return title || firstWords(message);
  } catch (err) {
    if (err instanceof ModelError) return firstWords(message);
    throw err;
  }
}
