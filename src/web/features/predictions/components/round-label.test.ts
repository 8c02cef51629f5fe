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

  it('translates the knockout rounds and groups of a World Cup', async () => {
    const names = ['Round of 16', 'Quarter-finals', 'Semi-finals', 'Match for third place', 'Final', 'Group A', 'Round of 32'];
    const pt = await translator('pt-BR');
    expect(names.map((name) => roundLabel(name, pt))).toEqual(['Oitavas de final', 'Quartas de final', 'Semifinais', 'Disputa do terceiro lugar', 'Final', 'Grupo A', '16-avos de final']);
    const es = await translator('es');
    expect(names.map((name) => roundLabel(name, es))).toEqual(['Octavos de final', 'Cuartos de final', 'Semifinales', 'Partido por el tercer puesto', 'Final', 'Grupo A', 'Dieciseisavos de final']);
    const en = await translator('en');
    expect(names.map((name) => roundLabel(name, en))).toEqual(['Round of 16', 'Quarter-finals', 'Semi-finals', 'Match for third place', 'Final', 'Group A', 'Round of 32']);
  });

  it('translates stage prefixes, legs and rounds without a name of their own', async () => {
    const pt = await translator('pt-BR');
    expect(roundLabel('League, Matchday 2', pt)).toBe('Fase de liga, Rodada 2');
    expect(roundLabel('Finals, Quarterfinals', pt)).toBe('Quartas de final');
    expect(roundLabel('Round of 16, 2nd leg', pt)).toBe('Oitavas de final, Jogo de volta');
    expect(roundLabel('Round of 128', pt)).toBe('Fase de 128');
    const es = await translator('es');
    expect(roundLabel('Playoffs, Matchday 1', es)).toBe('Play-offs, Jornada 1');
    expect(roundLabel('3rd Place Final', es)).toBe('Partido por el tercer puesto');
  });

  it('keeps names it does not know as the provider wrote them', async () => {
    const t = await translator('pt-BR');
    expect(roundLabel('Qualification round 1', t)).toBe('Qualification round 1');
    expect(roundLabel('Apertura, Matchday 3', t)).toBe('Apertura, Rodada 3');
  });
});
