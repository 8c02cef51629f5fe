/** The toasts on screen, with Radix Toast (loaded with the first toast: ./toast.tsx). */
import * as RadixToast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';

/** How a toast looks: a confirmation, a failure, or neutral news. */
export type ToastTone = 'success' | 'error' | 'info';
/** A toast on screen. */
export interface ToastItem { id: number; message: string; tone: ToastTone }

const tones: Record<ToastTone, string> = {
  success: 'bg-emerald-800 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
};

/** `items` in a bottom viewport, each gone after 4 s or when dismissed (`onClose` with its id). */
export function ToastViewport({ items, onClose }: { items: ToastItem[]; onClose: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <RadixToast.Provider duration={4000} swipeDirection="down">
      {items.map((item) => (
        <RadixToast.Root
          key={item.id}
          type={item.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => { if (!open) onClose(item.id); }}
          className={`flex items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ${tones[item.tone]}`}
        >
          <RadixToast.Description>{item.message}</RadixToast.Description>
          <RadixToast.Close aria-label={t('shell.dismiss')} className="rounded px-1 text-lg leading-none opacity-80 hover:opacity-100">×</RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport label={t('shell.notifications')} className="fixed inset-x-0 bottom-0 z-50 mx-auto flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
