import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type ConnectionDialogProps, type ConnectionForm, MdmConnectionDialog } from './connection-dialog';

/**
 * ManageEngine MDM on premises (Mobile Device Manager Plus or Endpoint Central): an API key, which
 * travels as `apiToken`.
 */
const MANAGE_ENGINE_FORM: ConnectionForm = {
  provider: 'MANAGE_ENGINE',
  exampleUrl: 'https://mdm.example.com:8383',
  title: msg`Connect ManageEngine`,
  changeTitle: msg`Change the ManageEngine connection`,
  formLabel: msg`ManageEngine connection`,
  urlHint: msg`The address you open ManageEngine MDM at, starting with https://.`,
  Instructions: () => (
    <>
      <p>
        <Trans>
          In ManageEngine MDM, open Admin → Integrations → API Key Generation, generate an API key for a
          technician who may manage devices, and paste it here.
        </Trans>
      </p>
      <p>
        <Trans>
          Equip tests the connection before saving it. The key is stored encrypted and is never shown again.
        </Trans>
      </p>
    </>
  ),
  fields: [
    {
      name: 'apiToken',
      label: msg`API key`,
      hint: msg`The API key ManageEngine generated.`,
      changeHint: msg`Paste the API key again, or a new one.`,
      secret: true,
      maxLength: 4000,
    },
  ],
};

/** Connect ManageEngine MDM, or change its address and API key (see MdmConnectionDialog). */
export function ManageEngineConnectionDialog(props: ConnectionDialogProps) {
  return <MdmConnectionDialog form={MANAGE_ENGINE_FORM} {...props} />;
}
