/**
 * The VAPID key pair that signs our Web Push messages (RFC 8292): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY
 * when both are set, else a pair generated at first start and kept in app_settings, so every instance
 * (and every restart) signs with the same keys and devices stay subscribed.
 */
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';

/** A VAPID key pair, base64url (the public key is what browsers get as applicationServerKey). */
export interface VapidKeys { publicKey: string; privateKey: string }

const SETTING_KEY = 'vapid';

/**
 * The keys from the environment, or from the database (generated and stored once; concurrent first
 * starts keep the first pair written).
 * @throws when only one of the two environment variables is set.
 */
export async function resolveVapidKeys(db: Db, env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  }
  const generated = webpush.generateVAPIDKeys();
  await db.insert(appSettings).values({ key: SETTING_KEY, value: sql`${JSON.stringify(generated)}::jsonb` }).onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  const value = row?.value as VapidKeys | undefined;
  if (!value?.publicKey || !value.privateKey) throw new Error('app_settings.vapid holds no key pair');
  return value;
}
