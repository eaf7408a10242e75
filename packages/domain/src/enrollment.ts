import { z } from 'zod';
import { IsoDateTime, Uuid } from './common.ts';
import { ReportedSoftwareList } from './device-software.ts';
import { DeviceOs, type DeviceType, EnrollmentFlow, EnrollmentState } from './devices.ts';

/**
 * Unified enrolment at /start (SPEC §2, §3) and the companion agent: an employee proves their email with
 * a mailed one-time code, gets a short enrolment session, registers the device they are on and receives
 * a one-time agent token; the agent exchanges it for its own credential and reports the machine's
 * inventory. Decision 013 explains the tokens, idempotency and limits.
 */

const Email = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(320));

/** `POST /api/enrollment/code`: mail a one-time code to this address (answered alike for any address). */
export const EnrollmentCodeRequest = z.object({ email: Email });
export type EnrollmentCodeRequest = z.infer<typeof EnrollmentCodeRequest>;

/** `POST /api/enrollment/verify`: the mailed code, and the flow the browser detected. */
export const EnrollmentVerifyRequest = z.object({
  email: Email,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has six digits'),
  enrollmentFlow: EnrollmentFlow,
});
export type EnrollmentVerifyRequest = z.infer<typeof EnrollmentVerifyRequest>;

/**
 * The enrolment session (SPEC §3: the MFA login response the `enrollment` slice keeps): a bearer token
 * for the enrolment routes only, its expiry (ms since the epoch), and whom the person enrols for.
 */
export const EnrollmentSession = z.object({
  accessToken: z.string(),
  tokenExpiryTime: z.number().int(),
  organizationName: z.string(),
  organizationIcon: z.string().nullable(),
  userFirstName: z.string(),
});
export type EnrollmentSession = z.infer<typeof EnrollmentSession>;

/** `POST /api/enrollment/device`: register the device the person is on (serial for ABM devices). */
export const RegisterEnrollmentDeviceRequest = z.object({
  enrollmentFlow: EnrollmentFlow,
  serialNumber: z.string().trim().min(1).max(100).optional(),
});
export type RegisterEnrollmentDeviceRequest = z.infer<typeof RegisterEnrollmentDeviceRequest>;

/** The registered device and the agent token, shown once (only its hash is stored). */
export const RegisteredEnrollmentDevice = z.object({
  deviceUuid: Uuid,
  deviceName: z.string(),
  enrollmentState: EnrollmentState,
  agentToken: z.string(),
  agentTokenExpiresAt: IsoDateTime,
});
export type RegisteredEnrollmentDevice = z.infer<typeof RegisteredEnrollmentDevice>;

/** `POST /api/agent/enroll`: the agent trades the one-time token for its lasting credential. */
export const AgentEnrollRequest = z.object({
  token: z.string().trim().min(1).max(200),
  /** The OS the agent runs on: an enrolment started for another kind of device fails (os_mismatch). */
  os: DeviceOs.optional(),
});
export type AgentEnrollRequest = z.infer<typeof AgentEnrollRequest>;
export const AgentCredentials = z.object({
  deviceUuid: Uuid,
  agentToken: z.string(),
  organizationName: z.string(),
});
export type AgentCredentials = z.infer<typeof AgentCredentials>;

const Text = (max: number) => z.string().trim().max(max).nullable();

/**
 * `POST /api/agent/check-ins` (Bearer: the agent token): what the agent read on the machine. `reportId`
 * makes it idempotent (a retried report has one effect); `collectedAt` orders reports (an older one
 * arriving late changes nothing). `diskEncrypted` is null when the agent could not tell.
 */
export const AgentReport = z.object({
  reportId: Uuid,
  collectedAt: IsoDateTime,
  agentVersion: z.string().trim().min(1).max(50),
  hostname: z.string().trim().min(1).max(200),
  os: DeviceOs,
  osVersion: Text(50),
  model: Text(200),
  manufacturer: Text(200),
  serialNumber: Text(100),
  cpu: Text(200),
  memoryBytes: z.number().int().min(0).nullable(),
  diskBytes: z.number().int().min(0).nullable(),
  diskEncrypted: z.boolean().nullable(),
  /**
   * The installed applications (decision 026), when this report carries them: the agent sends them when
   * they changed and at least hourly; absent, the device's list from the agent stays as it was.
   */
  software: ReportedSoftwareList.optional(),
});
export type AgentReport = z.infer<typeof AgentReport>;
/** `duplicate`: the report was seen before (or is older than the last one) and changed nothing. */
export const AgentCheckInResult = z.object({ deviceUuid: Uuid, duplicate: z.boolean() });
export type AgentCheckInResult = z.infer<typeof AgentCheckInResult>;

/** Why an enrolment failed (the device is then FAILED_ENROLLMENT until it is enrolled again). */
export const EnrollmentFailureReason = z.enum(['token_expired', 'os_mismatch']);
export type EnrollmentFailureReason = z.infer<typeof EnrollmentFailureReason>;

/** The answer when the device the person is on is not one the organisation expects (ABM flows). */
export const DEVICE_NOT_RECOGNISED = 'Device not recognised';

/**
 * What each flow enrols: the device's OS and type, or null for an ABM device of unknown kind (only a
 * device the organisation registered can then be enrolled).
 */
export function deviceKindOf(flow: EnrollmentFlow): { os: DeviceOs; type: DeviceType } | null {
  switch (flow) {
    case 'WEB_MAC':
    case 'ABM_MAC':
      return { os: 'MACOS', type: 'COMPUTER' };
    case 'WEB_PC':
      return { os: 'WINDOWS', type: 'COMPUTER' };
    case 'WEB_IPHONE':
    case 'ABM_IPHONE':
      return { os: 'IOS', type: 'PHONE' };
    case 'WEB_IPAD':
    case 'ABM_IPAD':
      return { os: 'IOS', type: 'TABLET' };
    // A computer the browser could not place (Linux, …): the agent reports what it is.
    case 'WEB_UNKNOWN':
      return { os: 'UNKNOWN', type: 'COMPUTER' };
    default:
      return null;
  }
}

/** Flows of devices pre-registered through Apple Business Manager: only a known device may enrol. */
export const isAbmFlow = (flow: EnrollmentFlow): boolean => flow.startsWith('ABM_');

/**
 * The flow from the browser: an ABM link names its flow (`?flow=ABM_MAC`); otherwise the user agent
 * decides. iPadOS presents itself as a Mac, so a "Mac" with a touch screen is an iPad.
 */
export function detectEnrollmentFlow(browser: {
  userAgent: string;
  maxTouchPoints?: number;
  requestedFlow?: string | null;
}): EnrollmentFlow {
  const requested = EnrollmentFlow.safeParse(browser.requestedFlow);
  if (requested.success && isAbmFlow(requested.data)) return requested.data;
  const ua = browser.userAgent;
  if (/iPhone|iPod/.test(ua)) return 'WEB_IPHONE';
  if (/iPad/.test(ua)) return 'WEB_IPAD';
  if (/Macintosh|Mac OS X/.test(ua)) return (browser.maxTouchPoints ?? 0) > 1 ? 'WEB_IPAD' : 'WEB_MAC';
  if (/Windows NT/.test(ua)) return 'WEB_PC';
  return 'WEB_UNKNOWN';
}
