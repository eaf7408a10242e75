import type { BootConfig } from '@equip/domain/boot';
import { DEFAULT_BOOT_CONFIG } from '@equip/domain/boot-rules';
import { EXPERIMENT } from '@equip/domain/flags';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFlagSource, type ExperimentClientLike, experimentConfig } from './flags';
import { FlagsProvider, useFeatureFlag } from './flags-context';

const live: Pick<BootConfig, 'flags' | 'experiment'> = {
  flags: { 'it-2871-suggested-bundles': 'on', 'it-3148-device-reset': 'off' },
  experiment: { mocked: false, deploymentKey: 'client-key', proxyUrl: '/experiment' },
};

function fakeClient(variants: Record<string, string>) {
  let release: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    release = resolve;
  });
  const client: ExperimentClientLike = {
    start: vi.fn(() => started),
    variant: (key: string) => ({ value: variants[key] }),
  };
  return { client, release };
}

function Probe({ name }: { name: 'it-2871-suggested-bundles' | 'it-3148-device-reset' }) {
  return <span data-testid={name}>{useFeatureFlag(name) ? 'on' : 'off'}</span>;
}

describe('flag source', () => {
  it('answers from the boot flags until the client has started, then from the client', async () => {
    const { client, release } = fakeClient({
      'it-2871-suggested-bundles': 'off',
      'it-3148-device-reset': 'on',
    });
    const createClient = vi.fn(async () => client);
    const source = createFlagSource(live, { origin: 'https://equip.test', createClient });
    const listener = vi.fn();
    source.subscribe(listener);

    const starting = source.start();
    expect(source.start()).toBe(starting);
    expect(source.value('it-2871-suggested-bundles')).toBe('on');
    expect(source.started).toBe(false);

    release();
    await starting;
    expect(source.started).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(source.value('it-2871-suggested-bundles')).toBe('off');
    expect(source.value('it-3148-device-reset')).toBe('on');
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(createClient).toHaveBeenCalledWith('client-key', experimentConfig(live, 'https://equip.test'));
  });

  it('never starts a client in mocked mode', async () => {
    const createClient = vi.fn();
    const source = createFlagSource(DEFAULT_BOOT_CONFIG, { createClient });
    await source.start();
    expect(createClient).not.toHaveBeenCalled();
    expect(source.started).toBe(false);
  });

  it('keeps the boot flags when the client fails to start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const source = createFlagSource(live, {
      origin: 'https://equip.test',
      createClient: async () => {
        throw new Error('chunk failed');
      },
    });
    await source.start();
    expect(source.started).toBe(false);
    expect(source.value('it-2871-suggested-bundles')).toBe('on');
    warn.mockRestore();
  });

  it('points the client at the same-origin proxy with the spec constants', () => {
    const config = experimentConfig(live, 'https://equip.test');
    expect(config).toMatchObject({
      serverUrl: 'https://equip.test/experiment',
      flagsServerUrl: 'https://equip.test/experiment',
      serverZone: 'eu',
      fetchTimeoutMillis: EXPERIMENT.fetchTimeoutMs,
      flagConfigPollingIntervalMillis: 300000,
      initialVariants: { 'it-2871-suggested-bundles': { key: 'on', value: 'on' } },
    });
  });
});

describe('useFeatureFlag', () => {
  it('counts a flag as on only when its value is exactly "on"', () => {
    const source = createFlagSource({
      flags: { 'it-2871-suggested-bundles': 'on', 'it-3148-device-reset': 'true' },
      experiment: DEFAULT_BOOT_CONFIG.experiment,
    });
    render(
      <FlagsProvider source={source}>
        <Probe name="it-2871-suggested-bundles" />
        <Probe name="it-3148-device-reset" />
      </FlagsProvider>,
    );
    expect(screen.getByTestId('it-2871-suggested-bundles')).toHaveTextContent('on');
    expect(screen.getByTestId('it-3148-device-reset')).toHaveTextContent('off');
  });

  it('starts the client on first use and re-renders with its values', async () => {
    const { client, release } = fakeClient({ 'it-3148-device-reset': 'on' });
    const createClient = vi.fn(async () => client);
    const source = createFlagSource(live, { origin: 'https://equip.test', createClient });
    render(
      <FlagsProvider source={source}>
        <Probe name="it-3148-device-reset" />
      </FlagsProvider>,
    );
    expect(screen.getByTestId('it-3148-device-reset')).toHaveTextContent('off');
    await act(async () => {
      release();
      await source.start();
    });
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('it-3148-device-reset')).toHaveTextContent('on');
  });
});
