/**
 * Short confirmations ("Copied", "Saved") as Radix toasts: announced to screen readers, dismissible,
 * gone after 4 s. `<Toaster>` wraps the app once; `useToast()` gives `toast(message, tone?)`.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';

type Tone = 'success' | 'error' | 'info';
interface Item { id: number; message: string; tone: Tone }

const ToastContext = createContext<((message: string, tone?: Tone) => void) | null>(null);

const tones: Record<Tone, string> = {
  success: 'bg-emerald-800 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
};

/** Provides `useToast` to the tree below and renders the toasts in a bottom viewport. */
export function Toaster({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Item[]>([]);
  const toast = useCallback((message: string, tone: Tone = 'success') => {
    setItems((current) => [...current.slice(-2), { id: Date.now() + Math.random(), message, tone }]);
  }, []);
  const remove = (id: number) => setItems((current) => current.filter((item) => item.id !== id));
  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider duration={4000} swipeDirection="down">
        {children}
        {items.map((item) => (
          <RadixToast.Root
            key={item.id}
            type={item.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => { if (!open) remove(item.id); }}
            className={`flex items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${tones[item.tone]}`}
          >
            <RadixToast.Description>{item.message}</RadixToast.Description>
            <RadixToast.Close aria-label={t('shell.dismiss')} className="rounded px-1 text-lg leading-none opacity-80 hover:opacity-100">×</RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport label={t('shell.notifications')} className="fixed inset-x-0 bottom-0 z-50 mx-auto flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/**
 * `toast(message, tone = 'success')`: shows a short message.
 * @throws Error when used outside `<Toaster>`.
 */
export function useToast(): (message: string, tone?: Tone) => void {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <Toaster>');
  return toast;
}
