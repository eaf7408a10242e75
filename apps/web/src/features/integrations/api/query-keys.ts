import type { HrProvider } from '@equip/domain/integrations';

/** Query keys of the integrations area. */
export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => [...integrationKeys.all, 'list'] as const,
  scimTokens: () => [...integrationKeys.all, 'scim-tokens'] as const,
};

export const integrationPath = (provider: HrProvider) => `/integrations/${encodeURIComponent(provider)}`;
