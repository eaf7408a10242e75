import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_BUFFER_LIMIT, type AnalyticsSink, createAnalytics } from './analytics';

const config = { writeKey: 'wk', apiHost: '/segment/v1', cdnUrl: '/segment-cdn' };

function fakeSink(): AnalyticsSink & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    track: (...args) => calls.push(['track', ...args]),
    identify: (...args) => calls.push(['identify', ...args]),
    page: () => calls.push(['page']),
  };
}

describe('analytics facade', () => {
  it('without a write key never loads the library and only buffers', () => {
    const load = vi.fn();
    const analytics = createAnalytics({ ...config, writeKey: null }, load);
    analytics.track('Toast Shown', { variant: 'negative' });
    expect(load).not.toHaveBeenCalled();
    expect(analytics.buffered).toEqual([
      { type: 'track', event: 'Toast Shown', properties: { variant: 'negative' } },
    ]);
  });

  it('keeps at most the buffer limit', () => {
    const analytics = createAnalytics(null);
    for (let index = 0; index < ANALYTICS_BUFFER_LIMIT + 5; index++) analytics.track(`e${index}`);
    expect(analytics.buffered).toHaveLength(ANALYTICS_BUFFER_LIMIT);
    expect(analytics.buffered[0]).toMatchObject({ event: 'e5' });
  });

  it('with a write key loads once on first use, then replays and delivers directly', async () => {
    const sink = fakeSink();
    const load = vi.fn(async () => sink);
    const analytics = createAnalytics(config, load);
    analytics.track('A', { n: 1 });
    analytics.identify('user-1', { organization_uuid: 'org' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith(config);
    await vi.waitFor(() => expect(sink.calls).toHaveLength(2));
    analytics.page();
    expect(load).toHaveBeenCalledTimes(1);
    expect(sink.calls).toEqual([
      ['track', 'A', { n: 1 }],
      ['identify', 'user-1', { organization_uuid: 'org' }],
      ['page'],
    ]);
    expect(analytics.buffered).toEqual([]);
  });

  it('stays a buffer when the library cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    const analytics = createAnalytics(config, load);
    analytics.track('A');
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    analytics.track('B');
    expect(load).toHaveBeenCalledTimes(1);
    expect(analytics.buffered.map((call) => call.type === 'track' && call.event)).toEqual(['A', 'B']);
    warn.mockRestore();
  });
});
