import type { ActAsRequest, LoggedInResponse } from '@equip/domain/identity';
import type { OrganizationSummary, OrganizationSummaryList } from '@equip/domain/organizations';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Check, ChevronsUpDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { platformApi } from '@/lib/api/clients';
import { errorMessage } from '@/lib/api/error-message';
import { getRefreshToken, storeTokens } from '@/lib/auth-tokens';
import { cn } from '@/lib/cn';
import { retryUnlessClientError, useCurrentUser } from '@/lib/session';
import { toast } from '@/ui/toast-store';
import { menuContentClasses, menuItemClasses } from './user-menu';

const ORGANIZATIONS_PATH = '/organizations';
const ACT_AS_PATH = '/user/shared/auth/act-as';
const organizationsQueryKey = ['organizations', 'switcher'] as const;

/**
 * Provider admins act for any organisation: act-as answers tokens that treat it; the cached data of
 * the previous organisation is dropped and the pages load again. Hidden while the list cannot be
 * loaded (e.g. an API without `GET /api/organizations` answers 404).
 */
function Switcher({ currentUuid, currentName }: { currentUuid: string; currentName: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const organizations = useQuery({
    queryKey: organizationsQueryKey,
    queryFn: ({ signal }) => platformApi.get<OrganizationSummaryList>(ORGANIZATIONS_PATH, { signal }),
    retry: retryUnlessClientError,
    staleTime: 5 * 60_000,
  });
  const actAs = useMutation({
    mutationFn: (organization: OrganizationSummary) =>
      platformApi.post<LoggedInResponse>(ACT_AS_PATH, {
        organizationUuid: organization.uuid,
        refreshToken: getRefreshToken(),
      } satisfies ActAsRequest),
    onSuccess: (tokens, organization) => {
      storeTokens(tokens);
      queryClient.removeQueries({ type: 'inactive' });
      navigate(paths.dashboard.overview);
      void queryClient.resetQueries();
      const name = organization.name;
      toast({ variant: 'info', content: t`You are now acting for ${name}.` });
    },
    onError: (error) =>
      toast({
        variant: 'negative',
        content: errorMessage(error, t`Switching the organisation did not work.`),
      }),
  });

  if (!organizations.isSuccess || organizations.data.items.length === 0) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        disabled={actAs.isPending}
        className={cn(
          'hidden h-9 max-w-56 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset sm:flex',
          'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          'disabled:opacity-60',
        )}
      >
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        <span className="sr-only">
          <Trans>Organisation:</Trans>{' '}
        </span>
        <span className="truncate">{currentName}</span>
        <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={cn(menuContentClasses, 'max-h-96 overflow-y-auto')}
        >
          <DropdownMenu.Label className="px-2.5 pt-1.5 pb-2 text-xs font-medium text-slate-500">
            <Trans>Act for organisation</Trans>
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={currentUuid}
            onValueChange={(uuid) => {
              const organization = organizations.data.items.find((item) => item.uuid === uuid);
              if (organization && uuid !== currentUuid) actAs.mutate(organization);
            }}
          >
            {organizations.data.items.map((organization) => (
              <DropdownMenu.RadioItem
                key={organization.uuid}
                value={organization.uuid}
                className={cn(menuItemClasses, 'pr-8')}
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="!text-indigo-600" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="truncate">{organization.name}</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export function OrganizationSwitcher() {
  const user = useCurrentUser();
  if (user?.role !== 'equip-admin') return null;
  return <Switcher currentUuid={user.organizationUuid} currentName={user.organizationName} />;
}
