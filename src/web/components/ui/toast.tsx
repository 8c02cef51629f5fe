/**
 * Short confirmations ("Copied", "Saved") as Radix toasts: announced to screen readers, dismissible,
 * gone after 4 s. `<Toaster>` wraps the app once; `useToast()` gives `toast(message, tone?)`. Radix's
 * toast code (./toast-viewport.tsx) loads with the first toast: most page views show none, and the
 * landing page stays lighter for it.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ToastItem, ToastTone } from './toast-viewport';

const ToastContext = createContext<((message: string, tone?: ToastTone) => void) | null>(null);
const ToastViewport = lazy(async () => ({ default: (await import('./toast-viewport')).ToastViewport }));

/** Provides `useToast` to the tree below and renders the toasts in a bottom viewport. */
export function Toaster({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  // Mounted from the first toast on (then kept: Radix's viewport and live region stay in place).
  const [used, setUsed] = useState(false);
  const toast = useCallback((message: string, tone: ToastTone = 'success') => {
    setUsed(true);
    setItems((current) => [...current.slice(-2), { id: Date.now() + Math.random(), message, tone }]);
  }, []);
  const remove = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {used ? <Suspense fallback={null}><ToastViewport items={items} onClose={remove} /></Suspense> : null}
    </ToastContext.Provider>
  );
}

/**
 * `toast(message, tone = 'success')`: shows a short message.
 * @throws Error when used outside `<Toaster>`.
 */
export function useToast(): (message: string, tone?: ToastTone) => void {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <Toaster>');
  return toast;
}
