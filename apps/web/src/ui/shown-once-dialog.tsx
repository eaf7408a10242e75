import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { FormDialog } from '@/ui/form-dialog';

export interface ShownOnceDialogProps {
  /** The value, shown while not null. */
  value: string | null;
  onClose: () => void;
  title: string;
  description: string;
  /** Says that it is shown only this once, and what to do if it is lost. */
  warning: ReactNode;
  label: string;
  inputId: string;
  /** The question before closing, and its explanation once copied and while not. */
  closeTitle: string;
  closeCopied: string;
  closeNotCopied: string;
}

/**
 * A secret the server answers once (a webhook signing secret, a SCIM token): the person copies it now.
 * Closing it (Done, the Escape key, a click outside) asks first: once closed, it is gone for good.
 */
export function ShownOnceDialog(props: ShownOnceDialogProps) {
  const { t } = useLingui();
  const { value, onClose } = props;
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  async function copy() {
    if (!value) return;
    await navigator.clipboard.writeText(value);
    setCopied(true);
  }
  function close() {
    setAsking(false);
    setCopied(false);
    onClose();
  }
  return (
    <FormDialog
      open={value !== null}
      onOpenChange={(open) => {
        if (!open) setAsking(true);
      }}
      title={props.title}
      description={props.description}
    >
      <Alert variant="warning">{props.warning}</Alert>
      <label className="mt-4 block text-sm font-medium text-slate-700" htmlFor={props.inputId}>
        {props.label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={props.inputId}
          readOnly
          value={value ?? ''}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <Button variant="secondary" onClick={copy}>
          <Copy aria-hidden="true" />
          {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
        </Button>
      </div>
      <div className="mt-6 flex justify-end">
        <Button onClick={() => setAsking(true)}>
          <Trans>Done</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={props.closeTitle}
        description={copied ? props.closeCopied : props.closeNotCopied}
        confirmLabel={t`Close`}
        cancelLabel={t`Keep it open`}
        onConfirm={close}
      />
    </FormDialog>
  );
}
