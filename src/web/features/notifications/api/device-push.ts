/**
 * Push notifications on this device: its permission and subscription (a query of the browser, not of the
 * server, read again when the page regains focus, as the person may have changed the browser's settings),
 * and turning them on or off here (POST/DELETE /api/me/push-subscriptions through lib/push-device).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentPushSubscription, devicePermission, subscribeThisDevice, unsubscribeThisDevice, type DevicePermission } from '../../../lib/push-device';
import { notificationSettingsQueryKey } from './get-notification-settings';

/** This device's state: the browser's permission, and whether it holds a push subscription. */
export interface DevicePush {
  permission: DevicePermission;
  subscribed: boolean;
}

const devicePushQueryKey = ['notifications', 'device'] as const;

async function readDevice(): Promise<DevicePush> {
  const permission = devicePermission();
  const subscription = permission === 'unsupported' ? null : await currentPushSubscription().catch(() => null);
  return { permission, subscribed: subscription !== null };
}

/** This device's push state; never asks for permission. */
export const useDevicePush = () => useQuery({ queryKey: devicePushQueryKey, queryFn: readDevice, networkMode: 'always', retry: false });

/**
 * Turns push notifications on here with the server's VAPID key: asks for permission, subscribes, tells the server.
 * @throws PushDeviceError or ApiError (see subscribeThisDevice).
 */
export function useTurnOnPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vapidPublicKey: string) => subscribeThisDevice(vapidPublicKey),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: devicePushQueryKey }),
        client.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
      ]);
    },
  });
}

/**
 * Turns push notifications off here: the server forgets this device, then the browser's subscription goes.
 * @throws ApiError when the server cannot be reached.
 */
export function useTurnOffPush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribeThisDevice(),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: devicePushQueryKey }),
        client.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
      ]);
    },
  });
}
