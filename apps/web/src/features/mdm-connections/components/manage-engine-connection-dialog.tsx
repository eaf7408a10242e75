import type { MdmConnection } from '@equip/domain/mdm-connections';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { describeFailure } from '@/lib/api/error-message';
import { Alert } from '@/ui/alert';
import { FormDialog, FormDialogActions } from '@/ui/form-dialog';
import { TextField } from '@/ui/form-field';
import { useSaveMdmConnection } from '../api/save-mdm-connection';

type Field = 'baseUrl' | 'apiToken';
const FIELDS: readonly string[] = ['baseUrl', 'apiToken'] satisfies Field[];
/** An address, the same in every language. */
const EXAMPLE_URL = 'https://mdm.example.com:8383';

/**
 * Connect ManageEngine MDM (on-premises: Mobile Device Manager Plus or Endpoint Central), or change its
 * address and API key: Equip tests them against the server before it saves anything, and says at the
 * field what went wrong (a refused key, a server it cannot reach). The key travels as `apiToken`.
 */
export function ManageEngineConnectionDialog({
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
      title={connection ? t`Change the ManageEngine connection` : t`Connect ManageEngine`}
      description={
        <>
          <p>
            <Trans>
              In ManageEngine MDM, open Admin → Integrations → API Key Generation, generate an API key for a
              technician who may manage devices, and paste it here.
            </Trans>
          </p>
          <p>
            <Trans>
              Equip tests the connection before saving it. The key is stored encrypted and is never shown
              again.
            </Trans>
          </p>
        </>
      }
    >
      <ManageEngineConnectionForm connection={connection} save={save} onSaved={onSaved} />
    </FormDialog>
  );
}

function ManageEngineConnectionForm({
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
  const [apiToken, setApiToken] = useState('');
  const failure = save.isError
    ? describeFailure<Field>(save.error, {
        fallback: t`The connection could not be saved.`,
        field: (entry) => (entry.param && FIELDS.includes(entry.param) ? (entry.param as Field) : undefined),
      })
    : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { provider: 'MANAGE_ENGINE', input: { baseUrl: baseUrl.trim(), apiToken: apiToken.trim() } },
      { onSuccess: onSaved },
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label={t`ManageEngine connection`} noValidate>
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
          hint={t`The address you open ManageEngine MDM at, starting with https://.`}
          error={failure?.fields.baseUrl}
        />
        <TextField
          label={t`API key`}
          type="password"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={4000}
          value={apiToken}
          onChange={(event) => setApiToken(event.target.value)}
          hint={
            connection ? t`Paste the API key again, or a new one.` : t`The API key ManageEngine generated.`
          }
          error={failure?.fields.apiToken}
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
