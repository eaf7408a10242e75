import type { BootConfig } from '@equip/domain/boot';
import { afterFirstPaint } from './after-paint';

export type AnalyticsConfig = BootConfig['analytics'];
export type AnalyticsProperties = Record<string, unknown>;

export type AnalyticsCall =
  | { type: 'track'; event: string; properties: AnalyticsProperties }
  | { type: 'identify'; userId: string; traits: AnalyticsProperties }
  | { type: 'page' };

/** The part of Segment's `Analytics` the facade uses. */
export interface AnalyticsSink {
  track(event: string, properties?: AnalyticsProperties): unknown;
  identify(userId: string, traits?: AnalyticsProperties): unknown;
  page(): unknown;
}

export interface Analytics {
  track(event: string, properties?: AnalyticsProperties): void;
  identify(userId: string, traits?: AnalyticsProperties): void;
  page(): void;
  /** Calls not (yet) delivered: waiting for the library, or kept for inspection when disabled. */
  readonly buffered: readonly AnalyticsCall[];
}

/** At most this many undelivered calls are kept (oldest dropped). */
export const ANALYTICS_BUFFER_LIMIT = 100;

/**
 * Loads Segment on demand, once the first screen has painted, sending to our own proxies (SPEC §7):
 * settings from cdnUrl, events to apiHost.
 */
async function loadSegment(config: AnalyticsConfig & { writeKey: string }): Promise<AnalyticsSink> {
  await afterFirstPaint();
  const { AnalyticsBrowser } = await import('@segment/analytics-next');
  const { origin, host, protocol } = window.location;
  const [analytics] = await AnalyticsBrowser.load(
    { writeKey: config.writeKey, cdnURL: new URL(config.cdnUrl, origin).href.replace(/\/$/, '') },
    {
      integrations: {
        'Segment.io': {
          apiHost: `${host}${config.apiHost}`,
          protocol: protocol === 'https:' ? 'https' : 'http',
        },
      },
    },
  );
  return analytics;
}

function deliver(sink: AnalyticsSink, call: AnalyticsCall): void {
  if (call.type === 'track') sink.track(call.event, call.properties);
  else if (call.type === 'identify') sink.identify(call.userId, call.traits);
  else sink.page();
}

/**
 * Analytics facade. With a write key, the first call loads Segment (a separate chunk) and the
 * calls made meanwhile are replayed once it is ready; without one it is a no-op buffer.
 */
export function createAnalytics(
  config: AnalyticsConfig | null,
  load: (config: AnalyticsConfig & { writeKey: string }) => Promise<AnalyticsSink> = loadSegment,
): Analytics {
  let buffer: AnalyticsCall[] = [];
  let sink: AnalyticsSink | undefined;
  let loading = false;

  function dispatch(call: AnalyticsCall): void {
    if (sink) {
      deliver(sink, call);
      return;
    }
    buffer.push(call);
    if (buffer.length > ANALYTICS_BUFFER_LIMIT) buffer.shift();
    const writeKey = config?.writeKey;
    if (!writeKey || loading) return;
    loading = true;
    load({ ...config, writeKey }).then(
      (loaded) => {
        sink = loaded;
        const pending = buffer;
        buffer = [];
        for (const item of pending) deliver(loaded, item);
      },
      (error: unknown) => console.warn('[equip] analytics could not be loaded', error),
    );
  }

  return {
    track: (event, properties = {}) => dispatch({ type: 'track', event, properties }),
    identify: (userId, traits = {}) => dispatch({ type: 'identify', userId, traits }),
    page: () => dispatch({ type: 'page' }),
    get buffered() {
      return buffer;
    },
  };
}

let analytics = createAnalytics(null);

/** Configures the app-wide facade from the boot configuration (once, at start-up). */
export function initAnalytics(config: AnalyticsConfig): void {
  analytics = createAnalytics(config);
}

export function track(event: string, properties?: AnalyticsProperties): void {
  analytics.track(event, properties);
}

export function identify(userId: string, traits?: AnalyticsProperties): void {
  analytics.identify(userId, traits);
}
