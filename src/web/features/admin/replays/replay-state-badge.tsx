/** A replay's state as a pill: Running, Paused, Stopped or Finished. */
import { useTranslation } from 'react-i18next';
import type { ListedReplay } from './replays-api';

const TONES: Record<ListedReplay['state'], string> = {
  running: 'bg-emerald-100 text-emerald-900',
  paused: 'bg-amber-100 text-amber-900',
  stopped: 'bg-slate-200 text-slate-800',
  finished: 'bg-sky-100 text-sky-900',
};

/** The pill of `state`. */
export function ReplayStateBadge({ state }: { state: ListedReplay['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[state]}`}>
      {t(`adminReplay.state.${state}`)}
    </span>
  );
}
