import { WorkspaceProvider } from '@equip/domain/workspaces';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/api/error-message';
import { LoadError } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { Skeleton } from '@/ui/skeleton';
import { useToast } from '@/ui/toast';
import { useConnectWorkspace, useWorkspaceState } from '../api/workspaces';
import { ConnectPanel, OAUTH_STATE_KEY, redirectUri } from '../components/connect-panel';
import { GroupsSection } from '../components/groups-section';
import { RulesSection } from '../components/rules-section';
import { WorkspaceCard } from '../components/workspace-card';

/**
 * Back from the provider's consent page with `code` and `state`: the state must be the one this page
 * kept (else the answer is not ours and is dropped); the code is exchanged once and the address cleaned.
 */
function useOAuthReturn() {
  const { t } = useLingui();
  const { toast } = useToast();
  const connect = useConnectWorkspace();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const error = params.get('error');
    if (!code && !error) return;
    handled.current = true;
    const kept = sessionStorage.getItem(OAUTH_STATE_KEY);
    sessionStorage.removeItem(OAUTH_STATE_KEY);
    window.history.replaceState(null, '', window.location.pathname);
    const expected = kept ? (JSON.parse(kept) as { state?: string; providerKind?: string }) : null;
    const provider = WorkspaceProvider.safeParse(expected?.providerKind);
    if (error || !code || !provider.success || expected?.state !== params.get('state')) {
      toast({ variant: 'negative', content: t`The workspace was not connected.` });
      return;
    }
    connect.mutate(
      { code, providerKind: provider.data, redirectUri: redirectUri() },
      {
        onSuccess: () => toast({ variant: 'positive', content: t`The workspace is connected.` }),
        onError: (failure) => toast({ variant: 'negative', content: errorMessage(failure) }),
      },
    );
  }, [connect, t, toast]);
}

/**
 * The organisation's workspace (issue 30 items 3 and 4, decision 033): connect Google Workspace or
 * Microsoft 365 (the sandbox in the demo), test or disconnect it, its groups with member counts,
 * employees added to and removed from groups, and the auto-assignment rules.
 */
export function WorkspacesPage() {
  const { t } = useLingui();
  const state = useWorkspaceState();
  useOAuthReturn();

  return (
    <div className="space-y-6">
      <PageHeader description={t`Google Workspace and Microsoft 365 groups.`} />
      {state.isPending ? (
        <div className="space-y-4" role="status" aria-label={t`Loading the workspace…`}>
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : state.isError ? (
        <LoadError
          error={state.error}
          fallback={t`The workspace could not be loaded.`}
          onRetry={() => state.refetch()}
          retrying={state.isFetching}
        />
      ) : state.data.workspace ? (
        <>
          <WorkspaceCard workspace={state.data.workspace} />
          <GroupsSection />
          <RulesSection />
        </>
      ) : (
        <ConnectPanel state={state.data} />
      )}
    </div>
  );
}
