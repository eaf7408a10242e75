// The devices module's public surface: its routes, and what other areas may call.
export { devicesAssignedTo, holdersOfEnrolledDevices, returnDevicesOf } from './people.ts';
export { deviceRoutes } from './routes.ts';
