/** The pure parts of this device's push set-up: the VAPID key's decoding and the subscription's body. */
import { describe, expect, it } from 'vitest';
import { pushSubscriptionRequest } from '../../contracts/notifications';
import { base64UrlToBytes, PushDeviceError, subscriptionBody } from './push-device';

describe('base64UrlToBytes', () => {
  it('decodes base64url without padding, with - and _ (RFC 7515)', () => {
    // 0xfb 0xff 0xbf is "+/+/" in base64, "-_-_" in base64url.
    expect([...base64UrlToBytes('-_-_')]).toEqual([0xfb, 0xff, 0xbf]);
    expect([...base64UrlToBytes('AQID')]).toEqual([1, 2, 3]);
    expect([...base64UrlToBytes('AQ')]).toEqual([1]);
    expect([...base64UrlToBytes('AQI')]).toEqual([1, 2]);
    expect([...base64UrlToBytes('AQ==')]).toEqual([1]);
  });

  it('gives the 65 bytes of an uncompressed P-256 public key (a VAPID key), starting with 0x04', () => {
    const key = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const bytes = base64UrlToBytes(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
    expect(bytes.buffer).toBeInstanceOf(ArrayBuffer);
  });
});

describe('subscriptionBody', () => {
  const subscription = (json: PushSubscriptionJSON) => ({ toJSON: () => json }) as unknown as PushSubscription;

  it('takes the endpoint and keys, in the shape the API validates', () => {
    const body = subscriptionBody(subscription({ endpoint: 'https://push.example.test/abc', expirationTime: null, keys: { p256dh: 'BNc', auth: 'xyz' } }));
    expect(body).toEqual({ endpoint: 'https://push.example.test/abc', keys: { p256dh: 'BNc', auth: 'xyz' } });
    expect(pushSubscriptionRequest.parse(body)).toEqual(body);
  });

  it('refuses a subscription without keys', () => {
    expect(() => subscriptionBody(subscription({ endpoint: 'https://push.example.test/abc' }))).toThrow(PushDeviceError);
  });
});
