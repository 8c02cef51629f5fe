import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../i18n/resources';
import { roundLabel } from './round-label';

async function translator(lng: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { en: { translation: messages.en }, 'pt-BR': { translation: messages['pt-BR'] }, es: { translation: messages.es } } });
  return instance.t;
}

describe('roundLabel', () => {
  it('translates "Matchday N"', async () => {
    expect(roundLabel('Matchday 7', await translator('pt-BR'))).toBe('Rodada 7');
    expect(roundLabel('Matchday 38', await translator('es'))).toBe('Jornada 38');
    expect(roundLabel('Matchday 1', await translator('en'))).toBe('Matchday 1');
  });

  it('keeps other round names as the provider wrote them', async () => {
    const t = await translator('pt-BR');
    expect(roundLabel('Round of 16', t)).toBe('Round of 16');
    expect(roundLabel('League, Matchday 2', t)).toBe('League, Matchday 2');
  });
});
