// What other features may use of procurement (decision 024): where a device's order stands (the
// device's page) and a person's own hardware requests (their page).
export { DeviceOrderNote } from './components/device-order-note';
export { MyHardwareRequests } from './components/my-hardware-requests';
