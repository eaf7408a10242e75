import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type ConnectionDialogProps, type ConnectionForm, MdmConnectionDialog } from './connection-dialog';

/**
 * Jamf Pro: an API client's ID and secret, with which Equip asks Jamf for a token and reads the
 * server's version before it saves anything.
 */
const JAMF_FORM: ConnectionForm = {
  provider: 'JAMF',
  exampleUrl: 'https://yourcompany.jamfcloud.com',
  title: msg`Connect Jamf Pro`,
  changeTitle: msg`Change the Jamf Pro connection`,
  formLabel: msg`Jamf Pro connection`,
  urlHint: msg`The address you open Jamf Pro at, starting with https://.`,
  Instructions: () => (
    <>
      <p>
        <Trans>
          In Jamf Pro, open Settings → System → API roles and clients. Create an API role that may read
          computers and mobile devices and send their remote commands (lock, erase, restart, shut down, lost
          mode), then an API client with that role. Enable the client, generate its client secret and paste
          the client ID and secret here.
        </Trans>
      </p>
      <p>
        <Trans>
          Equip tests the connection before saving it. The client secret is stored encrypted and is never
          shown again.
        </Trans>
      </p>
    </>
  ),
  fields: [
    {
      name: 'clientId',
      label: msg`Client ID`,
      hint: msg`The API client’s ID, shown in its settings.`,
      secret: false,
      maxLength: 200,
    },
    {
      name: 'clientSecret',
      label: msg`Client secret`,
      hint: msg`Jamf Pro shows it once, when it is generated.`,
      changeHint: msg`Paste the API client’s secret again, or a new one.`,
      secret: true,
      maxLength: 4000,
    },
  ],
};

/** Connect Jamf Pro, or change its address and API client (see MdmConnectionDialog). */
export function JamfConnectionDialog(props: ConnectionDialogProps) {
  return <MdmConnectionDialog form={JAMF_FORM} {...props} />;
}
