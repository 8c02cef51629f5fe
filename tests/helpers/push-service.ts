/**
 * A stand-in for a browser's push service (Web Push, RFC 8030), on localhost over HTTPS (a certificate made
 * for the run with openssl; `agent` trusts it, as web-push speaks https only): it records every message
 * the app sends (headers and encrypted body) and answers 201, or what the test says; and it holds a
 * device's keys, so the test can decrypt a message (RFC 8291, aes128gcm) as the browser would.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer } from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/** A message the app sent: the device it was for (the endpoint's last path segment), headers, body. */
export interface PushedMessage { device: string; headers: IncomingHttpHeaders; body: Buffer }

/** A device: its subscription (what the browser would POST) and how to read its messages. */
export interface FakeDevice {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The payload of a message to this device, decrypted and parsed. */
  read(message: PushedMessage): unknown;
}

/** Starts the push service; `status` decides the answer per device (default 201 Created). */
export async function startPushService(status: (device: string) => number = () => 201) {
  const messages: PushedMessage[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'palpite-push-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const [key, cert] = [readFileSync(join(dir, 'key.pem')), readFileSync(join(dir, 'cert.pem'))];
  rmSync(dir, { recursive: true, force: true });
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const device = (request.url ?? '').split('/').pop() ?? '';
      messages.push({ device, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status(device)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/push`;
  return {
    messages,
    /** An agent that trusts this service's certificate (and nothing else), for the push sender. */
    agent: new Agent({ ca: cert }),
    /** A new device subscribed to this service. */
    device(name: string): FakeDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        subscription: { endpoint: `${base}/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
        read: (message) => JSON.parse(ece.decrypt(message.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
