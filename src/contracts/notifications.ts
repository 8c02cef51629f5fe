/**
 * Reminders and notifications: my preferences (GET/PUT /api/me/notifications), this device's
 * Web Push subscription (POST/DELETE /api/me/push-subscriptions), and the signed one-click unsubscribe
 * of reminder mails (POST /api/notifications/unsubscribe, no sign-in).
 *
 * Kinds:
 * - `deadline`: "3 matches close in 2 hours and you haven't predicted them" (per group, once per round);
 * - `results`: "Results are in: you scored 13 points, now 2nd in Office Pool" (per group, once per round);
 * - `goals`: a goal in a live match I predicted (push only; opt-in).
 */
import { z } from 'zod';

/** What a notification is about. */
export const NOTIFICATION_KINDS = ['deadline', 'results', 'goals'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The kinds that also go by email (a goal by email would arrive too late to matter). */
export const EMAIL_NOTIFICATION_KINDS = ['deadline', 'results'] as const;
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];


/**
 * Which kinds go to whom, per channel. Defaults: deadline reminders by email; by push (once this device
 * subscribed) deadline reminders and results; goals are opt-in.
 */
export const notificationPreferences = z.object({
  email: z.object({ deadline: z.boolean(), results: z.boolean() }),
  push: z.object({ deadline: z.boolean(), results: z.boolean(), goals: z.boolean() }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** GET /api/me/notifications. */
export const notificationSettingsResponse = z.object({
  preferences: notificationPreferences,
  /** The server's VAPID public key (base64url) for PushManager.subscribe; null when push is off on this server. */
  vapidPublicKey: z.string().nullable(),
  /** How many devices of mine receive push notifications. */
  pushDevices: z.number().int().min(0),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponse>;

/** PUT /api/me/notifications: the whole preferences object; answers like GET. */
export const updateNotificationsRequest = notificationPreferences;

/** POST /api/me/push-subscriptions: PushSubscription.toJSON() of this device (its endpoint must be https, or http on localhost). */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url().max(2_048),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

/** DELETE /api/me/push-subscriptions: which device stops receiving them. */
export const removePushSubscriptionRequest = z.object({ endpoint: z.url().max(2_048) });

/** POST /api/notifications/unsubscribe: the token of a reminder mail's link (signed; no sign-in needed). */
export const unsubscribeRequest = z.object({ token: z.string().min(10).max(500) });
/** What was turned off, for the confirmation page. */
export const unsubscribeResponse = z.object({ kind: z.enum(EMAIL_NOTIFICATION_KINDS) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponse>;

/** The JSON a push message carries (the service worker shows it; a click opens `url`). */
export const pushPayload = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path of the app to open on click (/group/…). */
  url: z.string(),
  /** Notifications with the same tag replace each other (one per group and round, or per match). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
