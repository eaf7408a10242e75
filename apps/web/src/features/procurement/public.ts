// What other features may use of procurement (decision 024): a person's own hardware requests.
export { MyHardwareRequests } from './components/my-hardware-requests';
// The devices feature shows where a device's order stands on the device's page.
export { DeviceOrderNote } from './components/device-order-note';
