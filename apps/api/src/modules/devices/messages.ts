/** The 404 of a device the caller cannot see (another organisation's answers the same), for service and actions. */
export const DEVICE_NOT_FOUND = 'Device not found';
