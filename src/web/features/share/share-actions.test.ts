import { describe, expect, it, vi } from 'vitest';
import { canShareFiles, hasShareSheet, isAbortError, shareWithSheet, whatsAppHref } from './share-actions';

describe('whatsAppHref', () => {
  it('opens wa.me with the text, a space and the link, encoded', () => {
    const href = whatsAppHref('Entre no meu bolão “Firma & Cia”!', 'https://palpite.app/join-group?code=ABCD2345');
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(href).not.toContain(' ');
    expect(href).not.toMatch(/[?&]code=/);
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe('Entre no meu bolão “Firma & Cia”! https://palpite.app/join-group?code=ABCD2345');
  });
});

describe('share sheet', () => {
  const data = { title: 'Firma', text: 'Join', url: 'https://palpite.app/join-group?code=ABCD2345' };

  it('is there only with navigator.share', () => {
    expect(hasShareSheet(undefined)).toBe(false);
    expect(hasShareSheet({})).toBe(false);
    expect(hasShareSheet({ share: async () => {} })).toBe(true);
  });

  it('shares the data it is given', async () => {
    const share = vi.fn(async () => {});
    expect(await shareWithSheet(data, { share })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
  });

  it('takes a closed sheet (AbortError) as no error, and says when there is no sheet', async () => {
    const share = async () => { throw new DOMException('Share canceled', 'AbortError'); };
    expect(await shareWithSheet(data, { share })).toBe('dismissed');
    expect(await shareWithSheet(data, {})).toBe('unavailable');
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });

  it('passes on other failures', async () => {
    const share = async () => { throw new DOMException('Not allowed', 'NotAllowedError'); };
    await expect(shareWithSheet(data, { share })).rejects.toThrow('Not allowed');
  });

  it('shares files only where canShare accepts them', () => {
    const files = [new File([new Uint8Array(1)], 'podium.png', { type: 'image/png' })];
    const share = async () => {};
    expect(canShareFiles(files, { share })).toBe(false);
    expect(canShareFiles(files, { share, canShare: () => true })).toBe(true);
    expect(canShareFiles(files, { share, canShare: () => false })).toBe(false);
    expect(canShareFiles(files, { canShare: () => true })).toBe(false);
    expect(canShareFiles(files, { share, canShare: () => { throw new TypeError('files'); } })).toBe(false);
  });
});
