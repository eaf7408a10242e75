import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type ConnectionDialogProps, type ConnectionForm, MdmConnectionDialog } from './connection-dialog';

/** Fleet: an API-only user's token. */
const FLEET_FORM: ConnectionForm = {
  provider: 'FLEET',
  exampleUrl: 'https://fleet.example.com',
  title: msg`Connect Fleet`,
  changeTitle: msg`Change the Fleet connection`,
  formLabel: msg`Fleet connection`,
  urlHint: msg`The address you open Fleet at, starting with https://.`,
  Instructions: () => (
    <>
      <p>
        <Trans>
          In Fleet, create an API-only user (Settings → Users → Create user, “API only”, or{' '}
          <code className="font-mono text-xs">fleetctl user create --api-only</code>) with the maintainer or
          admin role, and paste its API token here.
        </Trans>
      </p>
      <p>
        <Trans>
          Equip tests the connection before saving it. The token is stored encrypted and is never shown again.
        </Trans>
      </p>
    </>
  ),
  fields: [
    {
      name: 'apiToken',
      label: msg`API token`,
      hint: msg`The API-only user’s token.`,
      changeHint: msg`Paste the API-only user’s token again, or a new one.`,
      secret: true,
      maxLength: 4000,
    },
  ],
};

/** Connect Fleet, or change its address and token (see MdmConnectionDialog). */
export function FleetConnectionDialog(props: ConnectionDialogProps) {
  return <MdmConnectionDialog form={FLEET_FORM} {...props} />;
}
