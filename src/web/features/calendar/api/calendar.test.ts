import { describe, expect, it } from 'vitest';
import { feedAddresses } from './calendar';

describe('feedAddresses', () => {
  it('puts the site in front of the path, as https and as webcal', () => {
    expect(feedAddresses('/api/calendar.ics?token=abc', { origin: 'https://palpite.example', host: 'palpite.example' })).toEqual({
      https: 'https://palpite.example/api/calendar.ics?token=abc',
      webcal: 'webcal://palpite.example/api/calendar.ics?token=abc',
    });
  });

  it('keeps a port', () => {
    expect(feedAddresses('/api/calendar.ics?token=x', { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:5173' }).webcal)
      .toBe('webcal://127.0.0.1:5173/api/calendar.ics?token=x');
  });
});
