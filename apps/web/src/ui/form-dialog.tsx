import { Trans } from '@lingui/react/macro';
import { Dialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { cn } from '@/lib/cn';
import { Button, type ButtonVariant } from './button';

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Under the title; also the dialog's accessible description. */
  description: ReactNode;
  /** The form. Mounted only while the dialog is open, so what was typed is gone once it closes. */
  children: ReactNode;
  /** While work runs, Escape and a click outside do not close the dialog. */
  busy?: boolean;
  /** Extra classes; a `max-w-*` among them replaces the default width (cn does not merge classes). */
  className?: string;
}

/**
 * A modal dialog that holds a short form (add someone, confirm it's you). Radix traps focus inside and
 * starts it in the first field; Escape and Cancel close it; focus then returns to what opened it, unless
 * the page has moved it somewhere on purpose.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  busy = false,
  className,
}: FormDialogProps) {
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && busy) return;
        onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            returnFocus.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const lost = !document.activeElement || document.activeElement === document.body;
            const target = returnFocus.current;
            if (lost && target?.isConnected) target.focus();
          }}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none',
            /(^|\s|:)max-w-/.test(className ?? '') ? undefined : 'max-w-md',
            className,
          )}
        >
          <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 space-y-2 text-sm text-slate-600">{description}</div>
          </Dialog.Description>
          <div className="mt-5">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The buttons at the end of a dialog's form: Cancel (closes) and the submit button. */
export function FormDialogActions({
  submitLabel,
  submitVariant = 'primary',
  pending = false,
  pendingLabel,
}: {
  submitLabel: string;
  submitVariant?: ButtonVariant;
  pending?: boolean;
  pendingLabel?: string;
}) {
  return (
    <div className="mt-6 flex justify-end gap-3">
      <Dialog.Close asChild>
        <Button variant="secondary" disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
      </Dialog.Close>
      <Button type="submit" variant={submitVariant} loading={pending}>
        {pending ? (pendingLabel ?? submitLabel) : submitLabel}
      </Button>
    </div>
  );
}
