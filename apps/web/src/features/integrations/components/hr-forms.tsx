import { HR_PROVIDER_NAMES, type HrCredentialField, HrProvider } from '@equip/domain/integrations';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ConnectionField, ConnectionForm } from '@/ui/connection-dialog';

/** What differs between the HR systems' cards and dialogs: their words and the credentials they ask for. */
export interface HrForm extends ConnectionForm<HrCredentialField> {
  intro: MessageDescriptor;
}

const sealed = (
  <p>
    <Trans>
      Equip tests the credentials before saving them. They are stored encrypted and are never shown again.
    </Trans>
  </p>
);

const clientFields = (
  id: MessageDescriptor,
  secret: MessageDescriptor,
): ConnectionField<HrCredentialField>[] => [
  {
    name: 'clientId',
    label: id,
    hint: msg`Shown with the credentials in the HR system.`,
    secret: false,
    maxLength: 200,
  },
  {
    name: 'clientSecret',
    label: secret,
    hint: msg`The HR system shows it once, when it is created.`,
    changeHint: msg`Paste the secret again, or a new one.`,
    secret: true,
    maxLength: 4000,
  },
];

const apiKeyField: ConnectionField<HrCredentialField> = {
  name: 'apiKey',
  label: msg`API key`,
  hint: msg`Create it in the HR system’s settings; it is shown once.`,
  changeHint: msg`Paste the API key again, or a new one.`,
  secret: true,
  maxLength: 4000,
};

/** The words every HR system's card and dialog share, with the system's name put in. */
function hrWords(provider: HrProvider): Omit<HrForm, 'Instructions' | 'fields'> {
  const name = HR_PROVIDER_NAMES[provider];
  return {
    title: msg`Connect ${name}`,
    changeTitle: msg`Change the ${name} connection`,
    formLabel: msg`${name} connection`,
    intro: msg`${name} tells Equip who starts and who leaves, with their department and start and end dates.`,
  };
}

/** What only one HR system has: how to get its credentials there, and which credentials. */
const HR_SPECIFICS: Record<HrProvider, Pick<HrForm, 'Instructions' | 'fields'>> = {
  personio: {
    Instructions: () => (
      <>
        <p>
          <Trans>
            In Personio, open Settings → Integrations → API credentials and generate credentials that may read
            employees (their name, email, position, department, office, supervisor, hire and termination
            dates). Paste the client ID and secret here.
          </Trans>
        </p>
        {sealed}
      </>
    ),
    fields: clientFields(msg`Client ID`, msg`Client secret`),
  },
  hibob: {
    Instructions: () => (
      <>
        <p>
          <Trans>
            In Bob, open Settings → Integrations → Service users, create a service user with read access to
            people’s work details and paste its ID and token here.
          </Trans>
        </p>
        {sealed}
      </>
    ),
    fields: clientFields(msg`Service user ID`, msg`Service user token`),
  },
  kenjo: {
    Instructions: () => (
      <>
        <p>
          <Trans>In Kenjo, open Settings → Integrations → API, create an API key and paste it here.</Trans>
        </p>
        {sealed}
      </>
    ),
    fields: [apiKeyField],
  },
  heavenhr: {
    Instructions: () => (
      <>
        <p>
          <Trans>
            In HeavenHR, open the company settings’ API access, create an API key and paste it here.
          </Trans>
        </p>
        {sealed}
      </>
    ),
    fields: [apiKeyField],
  },
  hrworks: {
    Instructions: () => (
      <>
        <p>
          <Trans>
            In HRworks, open Administration → Interfaces → API, create an access key and paste it with its
            secret access key here.
          </Trans>
        </p>
        {sealed}
      </>
    ),
    fields: clientFields(msg`Access key`, msg`Secret access key`),
  },
  factorial: {
    Instructions: () => (
      <>
        <p>
          <Trans>In Factorial, open Settings → API keys, create a key and paste it here.</Trans>
        </p>
        {sealed}
      </>
    ),
    fields: [apiKeyField],
  },
  bamboohr: {
    Instructions: () => (
      <>
        <p>
          <Trans>
            In BambooHR, open your account menu → API keys, add a key for a user who may see every employee,
            and paste it here with your company’s subdomain (the part before .bamboohr.com).
          </Trans>
        </p>
        {sealed}
      </>
    ),
    fields: [
      {
        name: 'companyDomain',
        label: msg`Company subdomain`,
        hint: msg`The part before .bamboohr.com in your BambooHR address.`,
        placeholder: 'yourcompany',
        secret: false,
        maxLength: 100,
      },
      apiKeyField,
    ],
  },
};

/** The seven kinds of HR system of SPEC §3: their shared words with each one's own instructions and fields. */
export const HR_FORMS = Object.fromEntries(
  HrProvider.options.map((provider) => [provider, { ...hrWords(provider), ...HR_SPECIFICS[provider] }]),
) as Record<HrProvider, HrForm>;
