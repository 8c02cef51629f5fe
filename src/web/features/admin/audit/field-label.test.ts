import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../i18n/resources';
import { fieldLabel, valueText } from './field-label';

async function translator(lng: string) {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { en: { translation: messages.en }, 'pt-BR': { translation: messages['pt-BR'] }, es: { translation: messages.es } } });
  return instance.t;
}

describe('the audit log in words', () => {
  it('names the fields a change records, and spells out one it does not know', async () => {
    const en = await translator('en');
    expect(fieldLabel('homeGoalsExtraTime', en)).toBe('Home goals after extra time');
    expect(fieldLabel('lockedByAdmin', en)).toBe('Held by an administrator');
    expect(fieldLabel('resultBeforeKickoff', en)).toBe('Result entered before kickoff');
    expect(fieldLabel('somethingNew', en)).toBe('Something new');
    expect(fieldLabel('kickoff', await translator('pt-BR'))).toBe('Início');
  });

  it('writes times in the viewer\'s zone, yes and no, and statuses by name', async () => {
    const en = await translator('en');
    // TZ=UTC in the tests: 15:00 UTC reads 3:00 PM.
    expect(valueText('kickoff', '2026-11-28T15:00:00.000Z', en, 'en')).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-28T15:00:00.000Z')));
    expect(valueText('kickoff', '2026-11-28T15:00:00.000Z', en, 'en')).not.toContain('T15');
    expect(valueText('lockedByAdmin', true, en, 'en')).toBe('Yes');
    expect(valueText('active', false, await translator('es'), 'es')).toBe('No');
    expect(valueText('status', 'postponed', en, 'en')).toBe('Postponed');
    expect(valueText('status', 'postponed', await translator('pt-BR'), 'pt-BR')).toBe('Adiada');
    expect(valueText('name', 'World Cup 2022', en, 'en')).toBe('World Cup 2022');
    expect(valueText('homeGoals', 2, en, 'en')).toBe('2');
  });
});
