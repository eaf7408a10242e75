import type { MdmProvider } from '@equip/domain/mdm';
import type { AppConfig } from '../../config/env.ts';
import { publicOnlyFetch } from '../outbound/public-fetch.ts';
import type { MdmAdapter } from './adapter.ts';
import { FleetClient, FleetMdmAdapter } from './fleet.ts';
import { SandboxMdmAdapter } from './sandbox.ts';

/** An organisation's stored connection to a real MDM server (table mdm_connections). */
export interface MdmConnection {
  provider: MdmProvider;
  baseUrl: string;
  apiToken: string;
}

/** Why no adapter can take a device's commands. */
export class NoMdmAdapter extends Error {
  override name = 'NoMdmAdapter';
}

/**
 * Picks the adapter for a device's provider: the real client when the organisation has connected that
 * provider (Fleet today), else the provider's sandbox when the installation allows it (the demo, tests).
 */
export class MdmAdapters {
  private readonly sandboxes: Map<MdmProvider, SandboxMdmAdapter>;

  constructor(
    private readonly options: AppConfig['mdm'],
    /** Tests hand in a plain fetch for a local fake; real installations never reach private addresses. */
    private readonly fetcher: typeof fetch = options.allowPrivateServers ? fetch : publicOnlyFetch,
  ) {
    this.sandboxes = new Map(
      (['FLEET', 'JAMF', 'MANAGE_ENGINE'] as const).map((p) => [
        p,
        new SandboxMdmAdapter(p, options.sandboxDelayMs),
      ]),
    );
  }

  /** Throws NoMdmAdapter when neither a connection nor the sandbox serves the provider. */
  for(provider: MdmProvider, connection: MdmConnection | null): MdmAdapter {
    if (connection) {
      if (connection.provider === 'FLEET')
        return new FleetMdmAdapter(
          new FleetClient({ baseUrl: connection.baseUrl, apiToken: connection.apiToken }, this.fetcher),
          this.options.checkIntervalMs,
        );
      throw new NoMdmAdapter(`Equip has no client for ${provider} servers yet`);
    }
    if (this.options.sandbox) return this.sandboxes.get(provider)!;
    throw new NoMdmAdapter(`No ${provider} server is connected to this organisation`);
  }
}
