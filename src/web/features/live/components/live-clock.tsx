/**
 * A live match's clock on its card: the minute being played ("23'", "45+2'", "Extra time 98'") or the
 * pause between phases ("Half time", "Break before extra time", "Penalties"). Re-rendered every second
 * while the clock runs, from the clock the server sent (no request: domain/replay.ts liveClockMinute).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveClock } from '../../../../domain/replay';
import { clockRuns, readClock } from '../match-minute';

/**
 * The clock's text. `offsetMs` is the server's clock minus this device's (from a response's serverTime),
 * so a device whose clock is wrong still shows the minute the server means.
 */
export function LiveClockText({ clock, offsetMs = 0 }: { clock: LiveClock; offsetMs?: number }) {
  const { t } = useTranslation();
  const runs = clockRuns(clock);
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    if (!runs) return;
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 1_000);
    return () => clearInterval(timer);
  }, [runs, offsetMs]);
  const { phase, minute } = readClock(clock, now);
  const text = phase === 'half_time' ? t('matches.clock.halfTime')
    : phase === 'extra_time_break' ? t('matches.clock.extraTimeBreak')
    : phase === 'penalties' ? t('matches.clock.penalties')
    : phase === 'extra_time' ? t('matches.clock.extraTime', { minute: minute ?? '' })
    : minute ?? '';
  return <span className="tabular-nums" data-testid="live-clock">{text}</span>;
}
