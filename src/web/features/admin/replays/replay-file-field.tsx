/** A labelled file input for an openfootball .json file, with a hint (or the file read) and an error, wired for screen readers. */
import { useId, type ChangeEvent } from 'react';

/** The field; `onFile` gets the change event of the input. */
export function ReplayFileField({ label, hint, error, onFile }: {
  label: string; hint: string; error: string | null; onFile: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      <input id={id} type="file" accept=".json,application/json" onChange={onFile}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : `${id}-hint`}
        className="mt-1 block w-full rounded-lg bg-white p-1.5 text-sm text-slate-700 ring-1 ring-inset ring-slate-300 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 aria-[invalid=true]:ring-red-500" />
      {error ? <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p> : <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{hint}</p>}
    </div>
  );
}
