import type {
  UpdateWebhookEndpointRequest,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@equip/domain/webhooks';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { Checkbox } from '@/ui/checkbox';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { useToast } from '@/ui/toast';
import { useCreateWebhook } from '../api/create-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
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
  const create = useCreateWebhook();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Add webhook endpoint`}
      description={t`Equip sends a signed POST request to this address for each event you pick.`}
      className="max-w-2xl"
      busy={create.isPending}
    >
      <EndpointForm
        initial={{ url: '', description: '', eventTypes: [], enabled: true }}
        submitLabel={t`Add endpoint`}
        pendingLabel={t`Adding…`}
        pending={create.isPending}
        error={create.isError ? errorMessage(create.error, t`The endpoint could not be added.`) : undefined}
        onSubmit={({ url, description, eventTypes }) =>
          create.mutate({ url, description, eventTypes }, { onSuccess: onCreated })
        }
      />
    </FormDialog>
  );
}

/**
 * Edit an endpoint: its URL, description, event types and whether it is enabled; only what changed is
 * sent (the server checks a new URL as it checks a new endpoint's). The secret stays as it is.
 */
export function EditEndpointDialog({
  endpoint,
  open,
  onOpenChange,
}: {
  endpoint: WebhookEndpoint;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const { toast } = useToast();
  const update = useUpdateWebhook();
  function save(values: EndpointValues) {
    const changes: UpdateWebhookEndpointRequest = {};
    if (values.url !== endpoint.url) changes.url = values.url;
    if (values.description !== endpoint.description) changes.description = values.description;
    if (!sameTypes(values.eventTypes, endpoint.eventTypes)) changes.eventTypes = values.eventTypes;
    if (values.enabled !== endpoint.enabled) changes.enabled = values.enabled;
    if (Object.keys(changes).length === 0) {
      onOpenChange(false);
      return;
    }
    update.mutate(
      { uuid: endpoint.uuid, input: changes },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast({ variant: 'positive', content: t`Endpoint saved.` });
        },
      },
    );
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) update.reset();
        onOpenChange(next);
      }}
      title={t`Edit webhook endpoint`}
      description={t`Changes apply from the next delivery. The signing secret stays as it is: rotate it on its own.`}
      className="max-w-2xl"
      busy={update.isPending}
    >
      <EndpointForm
        initial={endpoint}
        withEnabled
        submitLabel={t`Save changes`}
        pendingLabel={t`Saving…`}
        pending={update.isPending}
        error={update.isError ? errorMessage(update.error, t`The endpoint could not be changed.`) : undefined}
        onSubmit={save}
      />
    </FormDialog>
  );
}

interface EndpointValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
}

const sameTypes = (a: readonly WebhookEventType[], b: readonly WebhookEventType[]) =>
  a.length === b.length && a.every((type) => b.includes(type));

function EndpointForm({
  initial,
  withEnabled = false,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
}: {
  initial: EndpointValues;
  /** Offer "Enabled" (an endpoint being edited; a new one starts enabled). */
  withEnabled?: boolean;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** What the server refused, shown at the URL (the field it names). */
  error: string | undefined;
  onSubmit: (values: EndpointValues) => void;
}) {
  const { t, i18n } = useLingui();
  const [url, setUrl] = useState(initial.url);
  const [description, setDescription] = useState(initial.description);
  const [types, setTypes] = useState<Set<WebhookEventType>>(new Set(initial.eventTypes));
  const [enabled, setEnabled] = useState(initial.enabled);
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

  function submit(event: FormEvent) {
    event.preventDefault();
    if (types.size === 0) {
      setTypesError(t`Pick at least one event type.`);
      return;
    }
    onSubmit({ url: url.trim(), description: description.trim(), eventTypes: [...types], enabled });
  }

  return (
    <form onSubmit={submit} aria-label={t`Webhook endpoint`} noValidate>
      <div className="space-y-4">
        <TextField
          label={t`URL`}
          type="url"
          required
          value={url}
          maxLength={2000}
          onChange={(event) => setUrl(event.target.value)}
          hint={t`An https:// address on the internet.`}
          error={error}
        />
        <TextField
          label={t`Description`}
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.target.value)}
        />
        {withEnabled ? (
          <div className="flex items-start gap-2 text-sm text-slate-700">
            <Checkbox
              id={`${formId}-enabled`}
              className="mt-0.5"
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
            />
            <label htmlFor={`${formId}-enabled`}>
              <span className="font-medium text-slate-900">
                <Trans>Enabled</Trans>
              </span>
              <span className="block text-xs text-slate-500">
                <Trans>A disabled endpoint receives no events until it is enabled again.</Trans>
              </span>
            </label>
          </div>
        ) : null}
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
      <FormDialogActions submitLabel={submitLabel} pending={pending} pendingLabel={pendingLabel} />
    </form>
  );
}
