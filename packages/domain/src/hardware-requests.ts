import { z } from 'zod';
import { IsoDateTime, listQuery, pageOf, queryArray, Uuid } from './common.ts';
import { DeviceType } from './devices.ts';
import { CatalogSpecification } from './procurement.ts';

/**
 * Hardware requests (issue 31 item 4, decision 037): a person asks IT for a device with a reason; an IT
 * owner approves it (it becomes a procurement draft with the intent HardwareRequest, which the order
 * wizard completes) or declines it with a reason; the requester may withdraw it while it waits. The
 * transitions are the `hardwareRequest` family of the one status table (procurement-status.ts).
 */
export const HARDWARE_REQUESTS_FLAG = 'it-2305-hardware-requests' as const;

export const HardwareRequestStatus = z.enum(['requested', 'approved', 'declined', 'withdrawn']);
export type HardwareRequestStatus = z.infer<typeof HardwareRequestStatus>;

export const HARDWARE_REQUEST_REASON_MAX = 1000;
/** A reason: trimmed, required, bounded. */
const Reason = z.string().trim().min(1, 'A reason is required').max(HARDWARE_REQUEST_REASON_MAX);

/** What a person asks for: a device type and, optionally, one catalog specification of that type. */
export const CreateHardwareRequest = z.object({
  deviceType: DeviceType,
  specificationUuid: Uuid.optional(),
  reason: Reason,
});
export type CreateHardwareRequest = z.infer<typeof CreateHardwareRequest>;

/** Declining needs a reason the requester will read. */
export const DeclineHardwareRequest = z.object({ reason: Reason });
export type DeclineHardwareRequest = z.infer<typeof DeclineHardwareRequest>;

export const HardwareRequestPerson = z.object({ uuid: Uuid, firstName: z.string(), lastName: z.string() });

/** A request as its requester and the IT owners see it. */
export const HardwareRequest = z.object({
  uuid: Uuid,
  requester: HardwareRequestPerson.nullable(),
  deviceType: DeviceType,
  specificationUuid: Uuid.nullable(),
  /** The chosen catalog model (its item's label and the specification with its prices), when one was chosen. */
  specification: CatalogSpecification.extend({ label: z.string() }).nullable(),
  reason: z.string(),
  status: HardwareRequestStatus,
  /** Why it was declined. */
  decisionReason: z.string().nullable(),
  decidedBy: HardwareRequestPerson.nullable(),
  decidedAt: IsoDateTime.nullable(),
  /** The procurement draft the approval made (the order wizard completes it). */
  draftUuid: Uuid.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type HardwareRequest = z.infer<typeof HardwareRequest>;

export const HardwareRequestSortingKey = z.enum(['createdAt']);
export type HardwareRequestSortingKey = z.infer<typeof HardwareRequestSortingKey>;
/** The organisation's requests (IT owners): filter by status, newest first. */
export const HardwareRequestListQuery = listQuery({
  sortingKeys: HardwareRequestSortingKey,
  maxTake: 200,
  defaultTake: 50,
}).extend({ statuses: queryArray(HardwareRequestStatus) });
export type HardwareRequestListQuery = z.infer<typeof HardwareRequestListQuery>;
export const HardwareRequestPage = pageOf(HardwareRequest);
export type HardwareRequestPage = z.infer<typeof HardwareRequestPage>;

/** The caller's own requests, newest first (the same page, filtered to the requester). */
export const MyHardwareRequestsQuery = listQuery({
  sortingKeys: HardwareRequestSortingKey,
  maxTake: 100,
  defaultTake: 50,
});
export type MyHardwareRequestsQuery = z.infer<typeof MyHardwareRequestsQuery>;

/** A request after a change: its status and, once approved, the draft it became (the wizard completes it). */
export const HardwareRequestOutcome = z.object({
  uuid: Uuid,
  status: HardwareRequestStatus,
  draftUuid: Uuid.nullable(),
});
export type HardwareRequestOutcome = z.infer<typeof HardwareRequestOutcome>;

/** The catalog models a person may name in a request (General and the organisation's own), without prices. */
export const RequestableModel = z.object({
  specificationUuid: Uuid,
  deviceType: DeviceType,
  label: z.string(),
  chip: z.string().nullable(),
  memory: z.string().nullable(),
  storage: z.string().nullable(),
  color: z.string().nullable(),
  keyboardLanguage: z.string().nullable(),
  screenSize: z.string().nullable(),
});
export type RequestableModel = z.infer<typeof RequestableModel>;
export const RequestableModels = z.object({ items: z.array(RequestableModel) });
export type RequestableModels = z.infer<typeof RequestableModels>;
export const RequestableModelsQuery = z.object({ deviceType: DeviceType.optional() });

export const HARDWARE_REQUEST_MESSAGES = {
  notFound: 'Hardware request not found',
  specificationNotFound: 'Catalog specification not found',
  wrongDeviceType: 'The catalog model is not of the requested device type',
  flagOff: 'Hardware requests are not enabled',
} as const;
