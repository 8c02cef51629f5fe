/**
 * This device's side of Web Push: whether the browser can receive push messages, what the
 * person allowed, and the subscription held by the service worker (/sw.js, which imports
 * public/push-sw.js to show them). Reading never asks for permission; only `subscribeThisDevice` does,
 * and only when a person pressed a button. The server's side is POST/DELETE /api/me/push-subscriptions.
 */
import type { PushSubscriptionRequest } from '../../contracts/notifications';
import { apiRequest } from './api-client';
import { TimeoutError, withTimeout } from './timeout';

/** The browser's notification permission here, or 'unsupported' without Notification, a service worker or PushManager. */
export type DevicePermission = NotificationPermission | 'unsupported';

/** Why turning notifications on did not work, for the message shown. */
export type PushFailure = 'denied' | 'dismissed' | 'no-worker' | 'failed' | 'timeout';

/** A failure of `subscribeThisDevice`, with its reason. */
export class PushDeviceError extends Error {
  constructor(readonly reason: PushFailure, message: string) {
    super(message);
    this.name = 'PushDeviceError';
  }
}

/** How long to wait for the service worker to be active before giving up, in ms. */
const WORKER_READY_MS = 10_000;
/**
 * How long the browser's push service may take to give a subscription, in ms. Subscribing asks the
 * browser vendor's push service over the network; where it cannot be reached (a closed network, a
 * blocking firewall) the browser's promise never settles.
 */
export const SUBSCRIBE_TIMEOUT_MS = 10_000;

/** Whether this browser can receive push messages at all (iOS only does from an installed Home Screen app). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

/** The notification permission as it is now; never asks. */
export function devicePermission(): DevicePermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** A VAPID public key in base64url (RFC 7515, padding optional) → its bytes, as PushManager.subscribe takes them. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This device's current subscription, or null (no worker registered yet, or not subscribed). Never waits for the worker. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The active service worker's registration, or a 'no-worker' PushDeviceError after WORKER_READY_MS. */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushDeviceError('no-worker', 'The service worker is not active')), WORKER_READY_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `subscription` was made for `key` (unknown, as on older browsers, counts as the same). */
function madeFor(subscription: PushSubscription, key: Uint8Array): boolean {
  const used = subscription.options?.applicationServerKey;
  if (!used) return true;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/**
 * The subscription's JSON as the API takes it (endpoint and keys).
 * @throws PushDeviceError 'failed' when the browser gave no keys.
 */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionRequest {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new PushDeviceError('failed', 'The subscription has no keys');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/**
 * Asks for permission (only called from a button press), subscribes this device with the server's VAPID
 * key (base64url) and hands the subscription to the server. A subscription made for another key is
 * replaced; when the server refuses it, the device's subscription is undone so both sides agree.
 * @throws PushDeviceError 'denied' (blocked), 'dismissed' (the prompt was closed), 'no-worker', 'failed',
 *   'timeout' (the browser's push service gave no subscription within SUBSCRIBE_TIMEOUT_MS); ApiError when
 *   the server refuses the subscription.
 */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscription> {
  if (!pushSupported()) throw new PushDeviceError('failed', 'Push is not supported here');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushDeviceError('denied', 'Notifications are blocked');
  if (permission !== 'granted') throw new PushDeviceError('dismissed', 'Notifications were not allowed');
  const registration = await readyRegistration();
  const key = base64UrlToBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !madeFor(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await withTimeout(SUBSCRIBE_TIMEOUT_MS, 'The push service did not answer',
      () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  } catch (error) {
    if (error instanceof TimeoutError) throw new PushDeviceError('timeout', error.message);
    throw new PushDeviceError('failed', error instanceof Error ? error.message : 'Subscription failed');
  }
  try {
    await apiRequest<void>('/me/push-subscriptions', { method: 'POST', body: subscriptionBody(subscription) });
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return subscription;
}

/**
 * Stops push messages to this device: the server forgets it first (while the session is valid), then the
 * browser's subscription goes. Nothing to do when the device is not subscribed.
 * @throws ApiError when the server cannot be reached; the device then stays subscribed.
 */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await apiRequest<void>('/me/push-subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * On sign-out: this device stops receiving the person's notifications (a shared device must not show the
 * next person someone else's). The server is told when it can be (best effort, the session still valid);
 * the browser's subscription goes either way, and the server drops it at its next send (410 Gone).
 */
export async function forgetThisDevice(): Promise<void> {
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return;
  await apiRequest<void>('/me/push-subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => {});
  await subscription.unsubscribe().catch(() => false);
}
