import type { MdmProvider } from '@equip/domain/mdm';

/** Query keys of the MDM servers area. */
export const mdmServerKeys = {
  all: ['mdm-connections'] as const,
  connections: () => [...mdmServerKeys.all, 'list'] as const,
};

export const connectionPath = (provider: MdmProvider) => `/mdm-connections/${encodeURIComponent(provider)}`;
