/** A labelled form field with an optional hint and error, wired for screen readers. */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const control = 'mt-1 block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-emerald-600 aria-[invalid=true]:ring-red-500';

function Wrapper({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string | null; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      {children}
      {hint && !error ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

type Common = { label: string; hint?: string; error?: string | null };

/**
 * A labelled text input with optional hint and error (aria-invalid, aria-describedby). `trailing` is
 * drawn inside the input's right end (a show-password button); `below` under it (a strength meter).
 */
export function TextField({ label, hint, error, trailing, below, ref, ...props }: Common & InputHTMLAttributes<HTMLInputElement> & { trailing?: ReactNode; below?: ReactNode; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const input = <input id={id} ref={ref} className={`${control} ${trailing ? 'pr-12' : ''}`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined} {...props} />;
  return (
    <Wrapper id={id} label={label} hint={hint} error={error}>
      {trailing ? <div className="relative">{input}<div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div></div> : input}
      {below}
    </Wrapper>
  );
}

/** A labelled textarea with optional hint and error. */
export function TextAreaField({ label, hint, error, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} hint={hint} error={error}>
      <textarea id={id} className={control} rows={3} aria-invalid={error ? true : undefined} {...props} />
    </Wrapper>
  );
}

/** A labelled select with optional hint and error. */
export function SelectField({ label, hint, error, children, ...props }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} hint={hint} error={error}>
      <select id={id} className={control} aria-invalid={error ? true : undefined} {...props}>{children}</select>
    </Wrapper>
  );
}
