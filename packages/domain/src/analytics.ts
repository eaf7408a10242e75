import { z } from 'zod';

export const SEGMENT_PROXY_PATH = '/segment/v1';
export const SEGMENT_CDN_PATH = '/segment-cdn';
export const SegmentEndpoint = z.enum(['t', 'p', 'i', 'g', 'a']);

const SegmentEvent = z.looseObject({
  type: z.string().optional(),
  event: z.string().optional(),
  userId: z.string().nullable().optional(),
  anonymousId: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  traits: z.record(z.string(), z.unknown()).optional(),
  timestamp: z.string().optional(),
});
export const SegmentSingle = SegmentEvent;
export const SegmentBatch = z.object({
  writeKey: z.string().optional(),
  batch: z.array(SegmentEvent).max(500),
  sentAt: z.string().optional(),
});
export const OrganizationTraits = z.object({
  organization_uuid: z.string(),
  organization_createdAt: z.string(),
  userId: z.string(),
});
/** Analytics batching constants (SPEC §9). */
export const ANALYTICS = {
  batchSize: 10,
  timeoutMs: 5000,
  retries: 10,
  batchLimitBytes: 450 * 1024,
  requestLimitBytes: 64 * 1024,
  backoffStartMs: 1000,
  backoffCapMs: 30000,
  remoteConfigTimeoutMs: 5000,
} as const;
