/** Language tags (languages.ts): which of Palpite's languages a tag stands for. */
import { describe, expect, it } from 'vitest';
import { supportedLanguage } from './languages';

describe('supportedLanguage', () => {
  it.each([
    ['pt-BR', 'pt-BR'], ['pt-PT', 'pt-BR'], ['pt', 'pt-BR'], ['es-AR', 'es'], ['ES', 'es'], ['en-GB', 'en'], ['en', 'en'],
    ['de-DE', null], ['', null], [null, null], [undefined, null],
  ] as const)('maps %s to %s', (tag, language) => {
    expect(supportedLanguage(tag)).toBe(language);
  });
});
