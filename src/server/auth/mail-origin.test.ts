import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isOwnHost, mailOrigin } from './mail-origin';

const request = (host: string) => new Request('http://x/api/auth/request-password-reset', { headers: { host } });

describe('the origin of mail links', () => {
  it('trusts this machine on its own port only', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '127.8.9.10:3000', '[::1]:3000', `${hostname()}:3000`]) expect(isOwnHost(host, 3000), host).toBe(true);
    for (const host of [
      '127.attacker.example:3000', '127.0.0.1.nip.io:3000', '127.0.0.1:6666', 'localhost', 'localhost:1', 'evil.example:3000',
      'localhost:3000@evil.example', 'localhost:3000/evil', '', 'a'.repeat(300),
    ]) expect(isOwnHost(host, 3000), host).toBe(false);
    expect(isOwnHost('localhost', 80)).toBe(true);
  });

  it('uses APP_URL when set, else the request host when trusted, else localhost:PORT — always plain http', () => {
    expect(mailOrigin({ appUrl: 'https://palpite.example.com/x', port: 3000 }, request('evil.example'))).toBe('https://palpite.example.com');
    expect(mailOrigin({ port: 3000 }, request('127.0.0.1:3000'))).toBe('http://127.0.0.1:3000');
    expect(mailOrigin({ port: 3000 }, request('127.attacker.example:3000'))).toBe('http://localhost:3000');
    expect(mailOrigin({ port: 3000 }, null)).toBe('http://localhost:3000');
  });
});
