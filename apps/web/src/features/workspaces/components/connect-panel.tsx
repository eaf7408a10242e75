import {
  WORKSPACE_PROVIDER_NAMES,
  type WorkspaceProviderKind,
  type WorkspaceState,
} from '@equip/domain/workspaces';
import { Trans, useLingui } from '@lingui/react/macro';
import { Cloud } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState } from '@/ui/empty-state';
import { Notice } from '@/ui/notice';
import { useToast } from '@/ui/toast';
import { authorizeWorkspace, useConnectWorkspace } from '../api/workspaces';

/** The code the sandbox's consent gives (the API's SANDBOX_CONSENT_CODE). */
const SANDBOX_CODE = 'sandbox';
/** Where the page keeps the OAuth `state` while the person is at the provider's consent page. */
export const OAUTH_STATE_KEY = 'equip.workspace-oauth';

/** This page's address without its query: where the provider sends the person back. */
export const redirectUri = () => `${window.location.origin}${window.location.pathname}`;

/**
 * No workspace yet: connect Google Workspace or Microsoft 365. In the sandbox (the demo) the code is
 * the sandbox's own; otherwise the person goes to the provider's consent page and comes back with a code
 * (the page exchanges it, `useOAuthReturn`).
 */
export function ConnectPanel({ state }: { state: WorkspaceState }) {
  const { t } = useLingui();
  const { toast } = useToast();
  const connect = useConnectWorkspace();
  const [leaving, setLeaving] = useState<WorkspaceProviderKind | null>(null);
  const [unverified, setUnverified] = useState(false);

  async function start(providerKind: WorkspaceProviderKind) {
    if (state.sandbox) {
      connect.mutate(
        { code: SANDBOX_CODE, providerKind },
        {
          onSuccess: () =>
            toast({
              variant: 'positive',
              content: t`${WORKSPACE_PROVIDER_NAMES[providerKind]} is connected.`,
            }),
          onError: (error) => toast({ variant: 'negative', content: errorMessage(error) }),
        },
      );
      return;
    }
    setLeaving(providerKind);
    try {
      const nonce = crypto.randomUUID();
      const answer = await authorizeWorkspace({ providerKind, redirectUri: redirectUri(), state: nonce });
      if (!answer.url) return;
      setUnverified(answer.unverifiedScopes);
      sessionStorage.setItem(OAUTH_STATE_KEY, JSON.stringify({ state: nonce, providerKind }));
      window.location.assign(answer.url);
    } catch (error) {
      setLeaving(null);
      toast({ variant: 'negative', content: errorMessage(error) });
    }
  }

  return (
    <Card className="p-6">
      <EmptyState
        icon={Cloud}
        title={t`No workspace connected`}
        description={t`Connect Google Workspace or Microsoft 365 to manage groups and give new employees the right access automatically.`}
      />
      {unverified ? (
        <Notice>
          <Trans>
            Google will say that it has not verified Equip for licences and file transfers. Continue there to
            allow them.
          </Trans>
        </Notice>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        {(['google', 'microsoft'] as const).map((provider) => {
          const name = WORKSPACE_PROVIDER_NAMES[provider];
          const possible = state.connectable.includes(provider);
          return (
            <Button
              key={provider}
              variant={provider === 'google' ? 'primary' : 'secondary'}
              disabled={!possible}
              loading={
                (connect.isPending && connect.variables?.providerKind === provider) || leaving === provider
              }
              onClick={() => void start(provider)}
            >
              {state.sandbox ? t`Connect sandbox ${name}` : t`Connect ${name}`}
            </Button>
          );
        })}
      </div>
      {state.connectable.length < 2 && !state.sandbox ? (
        <p className="mt-3 text-center text-xs text-slate-500">
          <Trans>
            A provider without an OAuth client in this installation's settings cannot be connected.
          </Trans>
        </p>
      ) : null}
    </Card>
  );
}
