/**
 * The text box of a post (writing or editing): grows with its text up to a point, a counter near the
 * limit (WALL_POST_MAX_CHARS, counted in code points as the server counts), Ctrl/⌘+Enter sends and Escape
 * cancels (when the owner offers it).
 */
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WALL_POST_MAX_CHARS } from '../../../../domain/wall';

/** Characters left from which the counter shows. */
const COUNTER_FROM = 100;

/** How many characters `text` counts as a post (trimmed, in code points). */
export const postLength = (text: string) => [...text.trim()].length;

/** Whether `text` can be sent as a post: something, and not too long. */
export const postable = (text: string) => {
  const length = postLength(text);
  return length > 0 && length <= WALL_POST_MAX_CHARS;
};

export function PostTextArea({ label, labelHidden = false, placeholder, value, onChange, onSubmit, onCancel, autoFocus, rows = 2, textareaRef }: {
  label: string; labelHidden?: boolean; placeholder?: string; value: string; onChange: (value: string) => void;
  onSubmit: () => void; onCancel?: () => void; autoFocus?: boolean; rows?: number; textareaRef?: React.Ref<HTMLTextAreaElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const left = WALL_POST_MAX_CHARS - postLength(value);
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };
  return (
    <div>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-700'}>{label}</label>
      <textarea id={id} ref={textareaRef} value={value} rows={rows} placeholder={placeholder} autoFocus={autoFocus}
        aria-describedby={left <= COUNTER_FROM ? `${id}-count` : undefined} aria-invalid={left < 0 || undefined}
        onChange={(event) => onChange(event.target.value)} onKeyDown={keyDown}
        className="block max-h-72 min-h-[3.25rem] w-full resize-y rounded-xl border-0 bg-white px-3 py-2.5 text-base text-slate-900 ring-1 ring-inset ring-slate-300 [field-sizing:content] placeholder:text-slate-500 focus:ring-2 focus:ring-emerald-600" />
      {left <= COUNTER_FROM ? (
        <p id={`${id}-count`} className={`mt-1 text-right text-xs tabular-nums ${left < 0 ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
          {left < 0 ? t('wall.tooLong', { count: -left }) : t('wall.left', { count: left })}
        </p>
      ) : null}
    </div>
  );
}
