import type { Severity } from '@equip/domain/notifications';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@equip/domain/toast-timings';
import { useLingui } from '@lingui/react/macro';
import { Bell, CircleAlert, CircleCheck, Info, type LucideIcon, X } from 'lucide-react';
import { Toast as RadixToast } from 'radix-ui';
import { type ReactNode, useSyncExternalStore } from 'react';
import { cn } from '@/lib/cn';
import { dismissToast, getToasts, subscribeToasts, type ToastItem, toast } from './toast-store';

/** SPEC §9: toasts last 5000 ms and are dismissed by a swipe right of 50 px (exit animation in CSS). */
export const TOAST_PROVIDER_PROPS = {
  duration: TOAST_DURATION_MS,
  swipeDirection: 'right',
  swipeThreshold: TOAST_SWIPE_THRESHOLD_PX,
} as const satisfies Partial<RadixToast.ToastProviderProps>;

const variantStyle: Record<Severity, { icon: LucideIcon; className: string; iconClassName: string }> = {
  positive: { icon: CircleCheck, className: 'border-emerald-200', iconClassName: 'text-emerald-600' },
  info: { icon: Info, className: 'border-indigo-200', iconClassName: 'text-indigo-600' },
  negative: { icon: CircleAlert, className: 'border-red-200', iconClassName: 'text-red-600' },
  neutral: { icon: Bell, className: 'border-slate-200', iconClassName: 'text-slate-500' },
};

function ToastView({ item }: { item: ToastItem }) {
  const { t } = useLingui();
  const style = variantStyle[item.variant];
  const Icon = style.icon;
  return (
    <RadixToast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      type={item.variant === 'negative' ? 'foreground' : 'background'}
      data-variant={item.variant}
      className={cn(
        'toast pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-white p-4 shadow-lg',
        style.className,
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', style.iconClassName)} />
      <RadixToast.Description className="flex-1 text-sm text-slate-700">
        {item.content}
      </RadixToast.Description>
      <RadixToast.Close
        aria-label={t`Dismiss`}
        className="-m-1 rounded-md p-1 text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <X aria-hidden="true" className="size-4" />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <RadixToast.Provider {...TOAST_PROVIDER_PROPS}>
      {children}
      {items.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
      <RadixToast.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}

/** `const { toast } = useToast(); toast({ variant: 'positive', content: 'Saved' })`. */
export function useToast() {
  return { toast, dismiss: dismissToast };
}
