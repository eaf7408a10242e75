import type { DeviceReturnRequest, DeviceReturnResult } from '@equip/domain/devices';
import { platformApi } from '@/lib/api/clients';

/** The most devices one return takes (the API's limit). */
export const MAX_DEVICES_PER_RETURN = 500;

/** `POST /api/devices/return-code`: mails the signed-in admin the code a return with a reset needs. */
export function sendReturnCode(): Promise<void> {
  return platformApi.post<void>('/devices/return-code');
}

/**
 * `POST /api/devices/return`: the devices back in stock, unassigned, all or none; with a reset, the
 * mailed code is required (SPEC §5).
 */
export function returnDevices(request: DeviceReturnRequest): Promise<DeviceReturnResult> {
  return platformApi.post<DeviceReturnResult>('/devices/return', request);
}
