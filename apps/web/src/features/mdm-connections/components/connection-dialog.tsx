import type { MdmProvider } from '@equip/domain/mdm';
import type { MdmConnection, SaveMdmConnectionRequest } from '@equip/domain/mdm-connections';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import {
  ConnectionDialog,
  type ConnectionField,
  type ConnectionSave,
  type ConnectionForm as SharedConnectionForm,
} from '@/ui/connection-dialog';
import { useSaveMdmConnection } from '../api/save-mdm-connection';

/** A credential a provider's connection asks for beside the server's address. */
export type CredentialField = ConnectionField<'apiToken' | 'clientId' | 'clientSecret'>;

/** What differs between the MDM providers' connection dialogs: their words and the credentials they ask for. */
export interface ConnectionForm {
  provider: MdmProvider;
  /** An address, the same in every language. */
  exampleUrl: string;
  title: MessageDescriptor;
  changeTitle: MessageDescriptor;
  formLabel: MessageDescriptor;
  urlHint: MessageDescriptor;
  /** Where to find the credentials in the provider's console, and that the secret is kept sealed. */
  Instructions: ComponentType;
  fields: readonly CredentialField[];
}

/** What a provider's connection dialog takes. */
export interface ConnectionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The connection to change; none to connect. */
  connection: MdmConnection | undefined;
  onSaved: (connection: MdmConnection) => void;
}

type Field = 'baseUrl' | CredentialField['name'];

/**
 * Connect an MDM server, or change its address and credentials: the shared connection dialog
 * (`ui/connection-dialog`) with the server's address before the provider's credentials.
 */
export function MdmConnectionDialog({
  form,
  open,
  onOpenChange,
  connection,
  onSaved,
}: ConnectionDialogProps & { form: ConnectionForm }) {
  const mutation = useSaveMdmConnection();
  const shared: SharedConnectionForm<Field> = {
    ...form,
    fields: [
      {
        name: 'baseUrl',
        label: msg`Server URL`,
        hint: form.urlHint,
        url: true,
        placeholder: form.exampleUrl,
        secret: false,
        maxLength: 2000,
      },
      ...form.fields,
    ],
  };
  const save: ConnectionSave<Field, MdmConnection> = {
    mutate: ({ baseUrl, ...credentials }, options) => {
      const input: SaveMdmConnectionRequest = { baseUrl, ...credentials };
      mutation.mutate({ provider: form.provider, input }, options);
    },
    reset: mutation.reset,
    isPending: mutation.isPending,
    isError: mutation.isError,
    error: mutation.error,
  };
  // The address and the client ID are shown again when changing a connection; a secret never is.
  const initialValues: Partial<Record<Field, string>> = {
    baseUrl: connection?.baseUrl ?? '',
    ...(form.fields.some((field) => field.name === 'clientId')
      ? { clientId: connection?.clientId ?? '' }
      : {}),
  };
  return (
    <ConnectionDialog
      form={shared}
      open={open}
      onOpenChange={onOpenChange}
      changing={Boolean(connection)}
      initialValues={initialValues}
      save={save}
      onSaved={onSaved}
    />
  );
}
