import type { MdmConnection } from '@equip/domain/mdm-connections';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { useSaveMdmConnection } from '../api/save-mdm-connection';

type Field = 'baseUrl' | 'clientId' | 'clientSecret';
const FIELDS: readonly string[] = ['baseUrl', 'clientId', 'clientSecret'] satisfies Field[];
/** An address, the same in every language. */
const EXAMPLE_URL = 'https://yourcompany.jamfcloud.com';

/**
 * Connect Jamf Pro, or change its address and API client: Equip asks Jamf for a token with the client ID
 * and secret and reads the server's version before it saves anything, and says at the field what went
 * wrong (a refused secret, a server it cannot reach or that is not Jamf Pro).
 */
export function JamfConnectionDialog({
  open,
  onOpenChange,
  connection,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The connection to change; none to connect. */
  connection: MdmConnection | undefined;
  onSaved: (connection: MdmConnection) => void;
}) {
  const { t } = useLingui();
  const save = useSaveMdmConnection();
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) save.reset();
        onOpenChange(next);
      }}
      busy={save.isPending}
      title={connection ? t`Change the Jamf Pro connection` : t`Connect Jamf Pro`}
      description={
        <>
          <p>
            <Trans>
              In Jamf Pro, open Settings → System → API roles and clients. Create an API role that may read
              computers and mobile devices and send their remote commands (lock, erase, restart, shut down,
              lost mode), then an API client with that role. Enable the client, generate its client secret and
              paste the client ID and secret here.
            </Trans>
          </p>
          <p>
            <Trans>
              Equip tests the connection before saving it. The client secret is stored encrypted and is never
              shown again.
            </Trans>
          </p>
        </>
      }
    >
      <JamfConnectionForm connection={connection} save={save} onSaved={onSaved} />
    </FormDialog>
  );
}

function JamfConnectionForm({
  connection,
  save,
  onSaved,
}: {
  connection: MdmConnection | undefined;
  save: ReturnType<typeof useSaveMdmConnection>;
  onSaved: (connection: MdmConnection) => void;
}) {
  const { t } = useLingui();
  const [baseUrl, setBaseUrl] = useState(connection?.baseUrl ?? '');
  const [clientId, setClientId] = useState(connection?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const failure = save.isError
    ? describeFailure<Field>(save.error, {
        fallback: t`The connection could not be saved.`,
        field: (entry) => (entry.param && FIELDS.includes(entry.param) ? (entry.param as Field) : undefined),
      })
    : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        provider: 'JAMF',
        input: { baseUrl: baseUrl.trim(), clientId: clientId.trim(), clientSecret: clientSecret.trim() },
      },
      { onSuccess: onSaved },
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label={t`Jamf Pro connection`} noValidate>
      <div className="space-y-4">
        <TextField
          label={t`Server URL`}
          type="url"
          required
          autoComplete="url"
          placeholder={EXAMPLE_URL}
          maxLength={2000}
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          hint={t`The address you open Jamf Pro at, starting with https://.`}
          error={failure?.fields.baseUrl}
        />
        <TextField
          label={t`Client ID`}
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
          hint={t`The API client’s ID, shown in its settings.`}
          error={failure?.fields.clientId}
        />
        <TextField
          label={t`Client secret`}
          type="password"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={4000}
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
          hint={
            connection
              ? t`Paste the API client’s secret again, or a new one.`
              : t`Jamf Pro shows it once, when it is generated.`
          }
          error={failure?.fields.clientSecret}
        />
        {failure?.message ? <Alert variant="error">{failure.message}</Alert> : null}
      </div>
      <FormDialogActions
        submitLabel={t`Test and save`}
        pending={save.isPending}
        pendingLabel={t`Testing the connection…`}
      />
    </form>
  );
}
