import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api/api-client';
import { connectivity } from './connectivity';

describe('connectivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    connectivity.reportReachable();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('marks the API unreachable on a network failure, probes /healthz with growing pauses, and recovers', async () => {
    const health = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', health);
    const changes: boolean[] = [];
    const unsubscribe = connectivity.subscribe((reachable) => changes.push(reachable));
    const api = createApiClient({ baseUrl: '/api', getAccessToken: () => undefined });

    await expect(api.get('/employees')).rejects.toThrow(TypeError);
    expect(connectivity.isReachable()).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(health).toHaveBeenLastCalledWith('/healthz', { cache: 'no-store' });
    const probes = health.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3_999);
    expect(health.mock.calls.length).toBe(probes); // the next probe waits 4 s
    health.mockResolvedValue(new Response('ok', { status: 200 }));
    await vi.advanceTimersByTimeAsync(1);
    expect(connectivity.isReachable()).toBe(true);
    expect(changes).toEqual([false, true]);
    unsubscribe();
  });

  it("treats a gateway's 502 as unreachable, but not the API's own error payload", async () => {
    const api = createApiClient({
      baseUrl: '/api',
      getAccessToken: () => undefined,
      fetch: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    await expect(api.get('/employees')).rejects.toThrow();
    expect(connectivity.isReachable()).toBe(false);
    const answering = createApiClient({
      baseUrl: '/api',
      getAccessToken: () => undefined,
      fetch: async () =>
        new Response(
          JSON.stringify({ errors: [{ msg: 'Busy', errorCode: 503, errorType: 'Unavailable' }] }),
          {
            status: 503,
            headers: { 'content-type': 'application/json' },
          },
        ),
    });
    await expect(answering.get('/employees')).rejects.toThrow('Busy');
    expect(connectivity.isReachable()).toBe(true);
  });
});
