/** A person's round avatar: their image (uploaded, or the server's generated initials), or initials drawn here. */
import { useState } from 'react';

/** Up to two initials of a name ("Ana Paula Souza" → "AS", "zico" → "Z"), "U" for none (the default name 'User'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'U';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * The avatar at `size` px (default 40, the specification's). `src` is the avatar address; when it
 * fails to load, the initials of `name` show on an emerald disc instead. Decorative: the name is
 * always written next to it.
 */
export function Avatar({ src, name, size = 40, className = '' }: { src?: string | null; name: string; size?: number; className?: string }) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (src && !failed) {
    return <img src={src} alt="" width={size} height={size} style={style} className={`shrink-0 rounded-full bg-slate-200 object-cover ${className}`} onError={() => setFailed(true)} />;
  }
  return (
    <span aria-hidden="true" style={{ ...style, fontSize: Math.round(size * 0.4) }} className={`inline-flex shrink-0 items-center justify-center rounded-full bg-emerald-700 font-semibold text-white ${className}`}>
      {initials(name)}
    </span>
  );
}
