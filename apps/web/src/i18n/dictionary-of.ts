import type { Dictionary } from './language.ts';
import { fieldLabels, refusalTexts, valuedRefusals } from './refusal-texts.ts';

/** Builds a dictionary from its entries: keys with `{name}` placeholders also match server messages that carry values. */
export function dictionaryOf(messages: Record<string, string>): Dictionary {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const patterns = Object.entries(messages)
    .filter(([english]) => /\{\w+\}/.test(english))
    .map(([english, text]) => {
      const names = [...english.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
      const source = english
        .split(/\{\w+\}/)
        .map(escape)
        .join('(.+?)');
      return { pattern: new RegExp(`^${source}$`), names, text };
    });
  return { messages, patterns, refusals: refusalTexts, fields: fieldLabels, valued: valuedRefusals };
}
