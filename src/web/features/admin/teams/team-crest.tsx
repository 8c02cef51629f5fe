/**
 * A team's crest: the image at its https address, or the team's code (or initial) in a grey disc when it
 * has none or the image does not load.
 */
import { useState } from 'react';

/** The crest of a team named `name` with `code`, at `url`; `size` in Tailwind units (h-/w-). */
export function TeamCrest({ url, name, code, size = 'h-8 w-8', onFail }: { url: string | null; name: string; code: string | null; size?: string; onFail?: () => void }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed !== url) {
    return <img src={url} alt="" className={`${size} shrink-0 object-contain`} loading="lazy" referrerPolicy="no-referrer"
      onError={() => { setFailed(url); onFail?.(); }} />;
  }
  return (
    <span aria-hidden="true" className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-slate-200 text-[0.6rem] font-bold text-slate-700`}>
      {(code ?? name.slice(0, 1)).toUpperCase()}
    </span>
  );
}
