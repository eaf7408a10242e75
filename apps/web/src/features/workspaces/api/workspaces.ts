import type { EmployeePage } from '@equip/domain/employees';
import type {
  Workspace,
  WorkspaceGroupList,
  WorkspaceMembersChange,
  WorkspaceMembersResult,
  WorkspaceProviderKind,
  WorkspaceRules,
  WorkspaceState,
} from '@equip/domain/workspaces';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformApi } from '@/lib/api/clients';

/** Query keys of the workspaces area. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  state: () => [...workspaceKeys.all, 'state'] as const,
  groups: () => [...workspaceKeys.all, 'groups'] as const,
  rules: () => [...workspaceKeys.all, 'rules'] as const,
  people: (search: string) => [...workspaceKeys.all, 'people', search] as const,
};

/** The connected workspace (or none), whether the sandbox serves it and what can be connected. */
export function useWorkspaceState() {
  return useQuery(
    queryOptions({
      queryKey: workspaceKeys.state(),
      queryFn: ({ signal }) => platformApi.get<WorkspaceState>('/workspaces', { signal }),
    }),
  );
}

export function useWorkspaceGroups(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: workspaceKeys.groups(),
      queryFn: ({ signal }) => platformApi.get<WorkspaceGroupList>('/workspaces/groups', { signal }),
      select: (list) => list.items,
      enabled,
    }),
  );
}

export function useWorkspaceRules(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: workspaceKeys.rules(),
      queryFn: ({ signal }) => platformApi.get<WorkspaceRules>('/workspaces/rules', { signal }),
      select: (rules) => rules.items,
      enabled,
    }),
  );
}

/** `GET /api/workspaces/authorize`: the provider's consent page (null in the sandbox). */
export function authorizeWorkspace(input: {
  providerKind: WorkspaceProviderKind;
  redirectUri: string;
  state: string;
}): Promise<{ url: string | null; unverifiedScopes: boolean }> {
  return platformApi.get('/workspaces/authorize', { query: input });
}

/** SPEC §7 workspace token acquisition: the consent code and the provider. */
export function useConnectWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; providerKind: WorkspaceProviderKind; redirectUri?: string }) =>
      platformApi.post<Workspace>('/workspaces/token', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

export function useCheckWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => platformApi.post<Workspace>('/workspaces/check'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

export function useRemoveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => platformApi.delete<void>('/workspaces'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

/** Adds or removes employees to groups (SPEC §5: `groupIds` required); the answer says per group. */
export function useChangeMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ direction, ...change }: WorkspaceMembersChange & { direction: 'add' | 'remove' }) =>
      platformApi.post<WorkspaceMembersResult>(
        direction === 'add' ? '/workspaces/groups/members' : '/workspaces/groups/members/remove',
        change,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.groups() }),
  });
}

export function useSaveRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: WorkspaceRules) => platformApi.put<WorkspaceRules>('/workspaces/rules', rules),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.rules() }),
  });
}

/** The first employees whose name or email matches: whom to add to groups. */
export function useEmployeeSearch(search: string) {
  const textSearchQuery = search.trim() || undefined;
  return useQuery(
    queryOptions({
      queryKey: workspaceKeys.people(search.trim()),
      queryFn: ({ signal }) =>
        platformApi.get<EmployeePage>('/employees', {
          query: { textSearchQuery, sortingKey: 'name', sortingDirection: 'asc', skip: 0, take: 8 },
          signal,
        }),
      select: (page) => page.items,
      placeholderData: keepPreviousData,
    }),
  );
}
