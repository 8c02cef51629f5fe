/** A password input with a show/hide button and, for a new password, a strength hint. */
import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/field';
import { passwordStrength } from '../password-strength';

const meter = { weak: 'w-1/3 bg-red-500', fair: 'w-2/3 bg-amber-500', strong: 'w-full bg-emerald-600' } as const;

/**
 * A labelled password field. `strengthOf` (the value typed) shows the strength hint under it; leave it
 * out when signing in.
 */
export function PasswordField({ label, hint, error, strengthOf, ref, ...props }: InputHTMLAttributes<HTMLInputElement> & {
  label: string; hint?: string; error?: string | null; strengthOf?: string; ref?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const strength = strengthOf ? passwordStrength(strengthOf) : null;
  return (
    <TextField
      {...props}
      ref={ref}
      label={label}
      hint={hint}
      error={error}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setShown(!shown)}
          aria-pressed={shown}
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          className="rounded-md p-2 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-600"
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {shown ? null : <path d="M4 4l16 16" />}
          </svg>
        </button>
      }
      below={strength ? (
        <div className="mt-2 flex items-center gap-2" aria-live="polite">
          <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
            <div className={`h-full rounded-full transition-all ${meter[strength]}`} />
          </div>
          <span className="text-xs text-slate-600">{t('auth.strength.label', { level: t(`auth.strength.${strength}`) })}</span>
        </div>
      ) : null}
    />
  );
}
