/**
 * Sends Web Push messages (the web-push library: RFC 8291 payload encryption, RFC 8292 VAPID) to a
 * person's devices. A device the push service says is gone (404, 410) is forgotten; other failures are
 * logged, and the message's outcome tells the caller whether to try again (delivery-record.ts).
 */
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../../contracts/notifications';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import type { SendOutcome } from './delivery-record';
import type { VapidKeys } from './vapid';

/** A message for a person: it goes to each of their devices. */
export interface PushMessage { userId: string; payload: PushPayload }

/** Sends messages to people's devices. */
export interface PushSender {
  /**
   * Sends each message to every device of its person (a person may have several messages).
   * @returns per message, in order: `delivered` when a push service accepted it for at least one device
   *   (a device that failed then is not tried again: its person's other device has it), `failed` when none
   *   accepted it and one failed for another reason than being gone, `undeliverable` when the person has
   *   no device left.
   */
  send(db: Db, messages: readonly PushMessage[]): Promise<SendOutcome[]>;
}

/** How many push messages are sent at once. */
const PUSH_CONCURRENCY = 50;

/** How long a push service keeps a message for an offline device, in seconds (a reminder is stale after that). */
const TTL_SECONDS = 2 * 3600;

/**
 * A sender signing with `keys`; `subject` is the VAPID contact (mailto: or https:). `agent` (tests) is the
 * https.Agent the requests go through.
 */
export function createPushSender(keys: VapidKeys, subject: string, log: FastifyBaseLogger, options: { agent?: Agent } = {}): PushSender {
  const vapidDetails = { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  return {
    async send(db, messages) {
      if (messages.length === 0) return [];
      const devices = await db.select().from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...new Set(messages.map((message) => message.userId))]));
      const deliveries = messages.flatMap((message, index) => devices.filter((device) => device.userId === message.userId).map((device) => ({ device, message, index })));
      const gone = new Set<string>();
      const accepted = new Set<number>();
      const failed = new Set<number>();
      const sendOne = async ({ device, message, index }: (typeof deliveries)[number]) => {
        try {
          await webpush.sendNotification(
            { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
            JSON.stringify(message.payload),
            { vapidDetails, TTL: TTL_SECONDS, timeout: 10_000, ...(options.agent ? { agent: options.agent } : {}) },
          );
          accepted.add(index);
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) gone.add(device.id);
          else {
            failed.add(index);
            log.warn({ status, err: error instanceof Error ? error.message : String(error) }, 'push: a message was not accepted');
          }
        }
      };
      // At most PUSH_CONCURRENCY messages under way at once (each is a TLS request to a push service).
      for (let start = 0; start < deliveries.length; start += PUSH_CONCURRENCY) {
        await Promise.all(deliveries.slice(start, start + PUSH_CONCURRENCY).map(sendOne));
      }
      if (gone.size > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...gone]));
      return messages.map((_, index) => (accepted.has(index) ? 'delivered' : failed.has(index) ? 'failed' : 'undeliverable'));
    },
  };
}
