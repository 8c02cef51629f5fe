/**
 * Push notifications on this device: the browser's permission as it is (read at load, never asked for
 * then), whether this device receives them, and one button to turn them on (asks for permission,
 * subscribes with the server's VAPID key, registers the device) or off. Explains what to do when the
 * browser blocks them or cannot receive them, or when the server has push turned off.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toast';
import { PushDeviceError, type DevicePermission } from '../../../lib/push-device';
import { useDevicePush, useTurnOffPush, useTurnOnPush } from '../api/device-push';

const badgeTone: Record<DevicePermission, string> = {
  granted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  denied: 'bg-red-50 text-red-800 ring-red-200',
  default: 'bg-slate-100 text-slate-700 ring-slate-300',
  unsupported: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/** The message key of a failure to turn notifications on. */
function turnOnFailure(error: unknown): string {
  if (error instanceof PushDeviceError) {
    return {
      denied: 'notifications.device.errors.denied', dismissed: 'notifications.device.errors.dismissed', 'no-worker': 'notifications.device.errors.noWorker',
      failed: 'notifications.device.errors.failed', timeout: 'notifications.device.errors.timeout',
    }[error.reason];
  }
  return 'notifications.device.errors.save';
}

/** This device's panel; `vapidPublicKey` is null when the server has push off, `pushDevices` counts all my devices. */
export function DevicePushPanel({ vapidPublicKey, pushDevices }: { vapidPublicKey: string | null; pushDevices: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const device = useDevicePush();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const [error, setError] = useState<string | null>(null);

  const permission = device.data?.permission ?? null;
  const subscribed = device.data?.subscribed ?? false;
  const busy = turnOn.isPending || turnOff.isPending;

  const on = async () => {
    if (!vapidPublicKey) return;
    setError(null);
    try {
      await turnOn.mutateAsync(vapidPublicKey);
      toast(t('notifications.device.turnedOn'));
    } catch (caught) {
      setError(t(turnOnFailure(caught)));
    }
  };
  const off = async () => {
    setError(null);
    try {
      await turnOff.mutateAsync();
      toast(t('notifications.device.turnedOff'), 'info');
    } catch {
      setError(t('notifications.device.errors.off'));
    }
  };

  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-3 ring-1 ring-inset ring-slate-200 sm:p-4">
      <h3 className="text-base font-semibold text-slate-900">{t('notifications.device.title')}</h3>
      {permission ? (
        <>
          <dl className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <dt className="text-sm text-slate-700">{t('notifications.device.permission')}</dt>
            <dd>
              <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ring-1 ring-inset ${badgeTone[permission]}`} data-testid="push-permission">
                {t(`notifications.device.state.${permission}`)}
              </span>
            </dd>
          </dl>
          {permission !== 'unsupported' ? (
            <p className="text-sm text-slate-700" aria-live="polite">
              {subscribed ? t('notifications.device.on') : t('notifications.device.off')}
            </p>
          ) : null}
          {error ? <Alert>{error}</Alert> : null}
          {permission === 'unsupported' ? <p className="text-sm text-slate-600">{t('notifications.device.unsupportedHint')}</p>
            : subscribed ? (
              <Button variant="secondary" onClick={() => void off()} disabled={busy} className="w-full sm:w-auto">
                {turnOff.isPending ? t('notifications.device.turningOff') : t('notifications.device.turnOff')}
              </Button>
            ) : !vapidPublicKey ? <p className="text-sm text-slate-600">{t('notifications.device.serverOff')}</p>
              : permission === 'denied' ? <p className="text-sm text-slate-600">{t('notifications.device.blockedHint')}</p>
                : (
                  <Button onClick={() => void on()} disabled={busy} className="w-full sm:w-auto">
                    {turnOn.isPending ? t('notifications.device.turningOn') : t('notifications.device.turnOn')}
                  </Button>
                )}
          {pushDevices > 0 ? <p className="text-xs text-slate-500">{t('notifications.device.devices', { count: pushDevices })}</p> : null}
        </>
      ) : null}
    </div>
  );
}
