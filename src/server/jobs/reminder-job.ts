/**
 * The reminders job: every REMINDER_INTERVAL_MS, sends the deadline reminders and results
 * notices that are due and tries again the notifications whose send failed or whose claimer died
 * (src/server/modules/notifications/deliver.ts, delivery-record.ts), and hourly forgets the record of
 * notifications sent more than two weeks ago (with the rounds whose results notices were worked out then)
 * and the messages of those that will never be sent. Every instance may run it: each notice is claimed in the
 * database before it is sent, so nobody gets one twice. A failing run is logged and the next tick tries
 * again; runs never overlap within an instance.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { sendDueReminders, type DeliveryContext } from '../modules/notifications/deliver';
import { dropDeadMessages } from '../modules/notifications/delivery-record';
import { pruneSentNotifications } from '../modules/notifications/reminders';
import type { JobMonitor } from './job-monitor';

/**
 * Starts the job; `now` is the clock (tests pass their own); each run is reported to `monitor` as
 * 'reminders'. Returns `stop`, which waits for a running tick.
 */
export function startReminderJob(
  db: Db, context: DeliveryContext, intervalMs: number, log: FastifyBaseLogger, now: () => Date = () => new Date(), monitor?: JobMonitor,
) {
  let running: Promise<void> | null = null;
  let prunedAt = 0;
  monitor?.register('reminders', intervalMs);
  const tick = () => {
    if (running) return;
    const at = now();
    // Hourly, the record of what was sent loses what is too old to matter (reminders.ts SENT_KEPT_DAYS).
    const prune = at.getTime() - prunedAt >= 3_600_000
      ? pruneSentNotifications(db, at).then(() => dropDeadMessages(db, at)).then(() => { prunedAt = at.getTime(); })
      : Promise.resolve();
    running = prune.then(() => sendDueReminders(db, context, at))
      .then((sent) => {
        monitor?.record('reminders', true);
        if (sent.deadline + sent.results + sent.retried > 0) log.info(sent, 'reminders sent');
      })
      .catch((error: unknown) => {
        monitor?.record('reminders', false);
        log.warn({ err: error }, 'reminders: a run failed; the next one tries again');
      })
      .finally(() => { running = null; });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
