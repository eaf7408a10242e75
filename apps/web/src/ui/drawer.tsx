import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn';

export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A line under the title (also the dialog's accessible description). */
  description?: ReactNode;
  /** Extra content in the header, right of the title (e.g. a badge). */
  headerExtra?: ReactNode;
  children: ReactNode;
  /** Width class; defaults to a comfortable detail width. */
  className?: string;
}

/**
 * A side sheet: a modal dialog sliding in from the right. Radix traps focus inside, closes on Escape
 * and on a click outside, and returns focus to the element that opened it.
 */
export function Drawer({
  open,
  onOpenChange,
  title,
  description,
  headerExtra,
  children,
  className,
}: DrawerProps) {
  // Without a Radix trigger, focus would fall to the page on close: return it to where it was.
  const { t } = useLingui();
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-40 bg-slate-900/30" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            returnFocus.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          className={cn(
            'drawer-content fixed inset-y-0 right-0 z-50 flex w-full flex-col bg-white shadow-2xl focus:outline-none sm:max-w-xl',
            className,
          )}
        >
          <div className="flex items-start gap-3 border-b border-slate-200 px-6 py-4">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="truncate text-sm text-slate-500">
                  {description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">
                  <Trans>Details</Trans>
                </Dialog.Description>
              )}
            </div>
            {headerExtra}
            <Dialog.Close
              aria-label={t`Close`}
              className="-mr-2 flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
