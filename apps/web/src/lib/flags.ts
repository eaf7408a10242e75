import type { ExperimentConfig } from '@amplitude/experiment-js-client';
import type { BootConfig } from '@equip/domain/boot';
import { EXPERIMENT } from '@equip/domain/feature-flags';
import type { FlagValues } from '@equip/domain/flags';
import { afterFirstPaint } from './after-paint';

/** The part of Amplitude's `ExperimentClient` the flag source uses. */
export interface ExperimentClientLike {
  start(): Promise<void>;
  variant(key: string): { value?: string | undefined };
}

export type CreateExperimentClient = (
  deploymentKey: string,
  config: ExperimentConfig,
) => Promise<ExperimentClientLike>;

/** Where flag values come from: the boot flags until the experimentation client has started. */
export interface FlagSource {
  value(name: string): string | undefined;
  subscribe(listener: () => void): () => void;
  /** Starts the experimentation client once; never in mocked mode. Safe to call repeatedly. */
  start(): Promise<void>;
  readonly started: boolean;
}

/** Flag values in Amplitude's variant shape, used as the client's fallback (`initialVariants`). */
function toVariants(flags: FlagValues): NonNullable<ExperimentConfig['initialVariants']> {
  return Object.fromEntries(Object.entries(flags).map(([name, value]) => [name, { key: value, value }]));
}

/** The client talks only to our same-origin proxy (SPEC §7, §9). */
export function experimentConfig(
  boot: Pick<BootConfig, 'flags' | 'experiment'>,
  origin: string,
): ExperimentConfig {
  const proxy = new URL(boot.experiment.proxyUrl, origin).href.replace(/\/$/, '');
  return {
    serverUrl: proxy,
    flagsServerUrl: proxy,
    serverZone: EXPERIMENT.serverZone,
    fetchTimeoutMillis: EXPERIMENT.fetchTimeoutMs,
    retryFetchOnFailure: true,
    fetchOnStart: true,
    pollOnStart: true,
    flagConfigPollingIntervalMillis: EXPERIMENT.pollingIntervalMs,
    initialVariants: toVariants(boot.flags),
  };
}

/** Amplitude's client, loaded on demand once the first screen has painted. */
const createAmplitudeClient: CreateExperimentClient = async (deploymentKey, config) => {
  await afterFirstPaint();
  const { Experiment } = await import('@amplitude/experiment-js-client');
  return Experiment.initialize(deploymentKey, config);
};

export function createFlagSource(
  boot: Pick<BootConfig, 'flags' | 'experiment'>,
  options: { origin?: string; createClient?: CreateExperimentClient } = {},
): FlagSource {
  const listeners = new Set<() => void>();
  let client: ExperimentClientLike | undefined;
  let starting: Promise<void> | undefined;

  async function startClient(): Promise<void> {
    const create = options.createClient ?? createAmplitudeClient;
    const origin = options.origin ?? window.location.origin;
    try {
      const created = await create(boot.experiment.deploymentKey, experimentConfig(boot, origin));
      await created.start();
      client = created;
      for (const listener of listeners) listener();
    } catch (error) {
      console.warn('[equip] experimentation client did not start; keeping the initial flags', error);
    }
  }

  return {
    value: (name) => (client ? client.variant(name).value : boot.flags[name]),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (boot.experiment.mocked) return Promise.resolve();
      starting ??= startClient();
      return starting;
    },
    get started() {
      return client !== undefined;
    },
  };
}
