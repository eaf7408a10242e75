import type { WebhookEndpointWithSecret, WebhookEventType } from '@equip/domain/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { Checkbox } from '@/ui/checkbox';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { useCreateWebhook } from '../api/create-webhook';
import { EVENT_GROUP_LABELS, EVENT_GROUPS, EVENT_TYPE_DESCRIPTIONS } from '../lib/event-types';

/** Add an endpoint: its URL, a description, and the event types it receives (grouped by area). */
export function EndpointFormDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useLingui();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Add webhook endpoint`}
      description={t`Equip sends a signed POST request to this address for each event you pick.`}
      className="max-w-2xl"
    >
      <EndpointForm onCreated={onCreated} />
    </FormDialog>
  );
}

function EndpointForm({ onCreated }: { onCreated: (endpoint: WebhookEndpointWithSecret) => void }) {
  const { t, i18n } = useLingui();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<Set<WebhookEventType>>(new Set());
  const [typesError, setTypesError] = useState<string | undefined>();
  const formId = useId();

  function toggle(type: WebhookEventType, on: boolean) {
    setTypes((current) => {
      const next = new Set(current);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });
    setTypesError(undefined);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (types.size === 0) {
      setTypesError(t`Pick at least one event type.`);
      return;
    }
    create.mutate(
      { url: url.trim(), description: description.trim(), eventTypes: [...types] },
      { onSuccess: onCreated },
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label={t`Webhook endpoint`} noValidate>
      <div className="space-y-4">
        <TextField
          label={t`URL`}
          type="url"
          required
          value={url}
          maxLength={2000}
          onChange={(event) => setUrl(event.target.value)}
          hint={t`An https:// address on the internet.`}
          error={create.isError ? errorMessage(create.error, t`The endpoint could not be added.`) : undefined}
        />
        <TextField
          label={t`Description`}
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.target.value)}
        />
        <fieldset aria-describedby={typesError ? `${formId}-types-error` : undefined}>
          <legend className="text-sm font-medium text-slate-700">
            <Trans>Event types</Trans>
          </legend>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            {EVENT_GROUPS.map(([group, groupTypes]) => (
              <fieldset key={group} className="space-y-1.5">
                <legend className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {i18n._(EVENT_GROUP_LABELS[group])}
                </legend>
                {groupTypes.map((type) => (
                  <div key={type} className="flex items-start gap-2 text-sm text-slate-700">
                    <Checkbox
                      id={`${formId}-${type}`}
                      className="mt-0.5"
                      checked={types.has(type)}
                      onChange={(event) => toggle(type, event.target.checked)}
                    />
                    <label htmlFor={`${formId}-${type}`}>
                      <span className="font-mono text-xs text-slate-900">{type}</span>
                      <span className="block text-xs text-slate-500">
                        {i18n._(EVENT_TYPE_DESCRIPTIONS[type])}
                      </span>
                    </label>
                  </div>
                ))}
              </fieldset>
            ))}
          </div>
          {typesError ? (
            <p id={`${formId}-types-error`} role="alert" className="mt-2 text-sm text-red-700">
              {typesError}
            </p>
          ) : null}
        </fieldset>
      </div>
      <FormDialogActions submitLabel={t`Add endpoint`} pending={create.isPending} pendingLabel={t`Adding…`} />
    </form>
  );
}
