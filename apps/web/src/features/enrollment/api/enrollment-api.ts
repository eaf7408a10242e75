import type {
  EnrollmentCodeRequest,
  EnrollmentSession,
  EnrollmentVerifyRequest,
  RegisterEnrollmentDeviceRequest,
  RegisteredEnrollmentDevice,
} from '@equip/domain/enrollment';
import { createApiClient } from '@/lib/api/api-client';
import { getBootConfig } from '@/lib/boot-config';

/**
 * The platform API without the dashboard's sign-in: /start carries its own enrolment session, and a 401
 * here means that session ended (start again), never a refresh or a sign-out of the dashboard.
 */
const enrollmentApi = createApiClient({
  baseUrl: getBootConfig().apiUrls.platform,
  getAccessToken: () => undefined,
});

/** `POST /api/enrollment/code`: mails a code (the answer is the same for any address). */
export function requestEnrollmentCode(email: string): Promise<void> {
  return enrollmentApi.post<void>('/enrollment/code', { email } satisfies EnrollmentCodeRequest);
}

/** `POST /api/enrollment/verify`: the code for an enrolment session. */
export function verifyEnrollmentCode(request: EnrollmentVerifyRequest): Promise<EnrollmentSession> {
  return enrollmentApi.post<EnrollmentSession>('/enrollment/verify', request);
}

/**
 * `POST /api/enrollment/device` with the enrolment session as the bearer token (not the dashboard's
 * sign-in, which this person may not have): registers the device, answers the one-time agent token.
 */
export function registerEnrollmentDevice(input: {
  accessToken: string;
  request: RegisterEnrollmentDeviceRequest;
}): Promise<RegisteredEnrollmentDevice> {
  return enrollmentApi.post<RegisteredEnrollmentDevice>('/enrollment/device', input.request, {
    headers: { Authorization: `Bearer ${input.accessToken}` },
  });
}
