import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('password strength hint', () => {
  it.each([
    ['short1!', 'weak'],
    ['aaaaaaaaaaaa', 'weak'],
    ['password2024', 'weak'],
    ['abcdefgh', 'weak'],
    ['kdhwnqpzvu', 'fair'],
    ['Abc9efgh', 'fair'],
    ['correct horse battery', 'strong'],
    ['Tr0ub4dor&3xyz', 'strong'],
  ] as const)('%s → %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });
});
