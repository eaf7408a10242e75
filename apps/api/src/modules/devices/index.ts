// The devices module's public surface (its list, actions and enrolment arrive with the devices issue).
export { devicesAssignedTo, holdersOfEnrolledDevices, returnDevicesOf } from './people.ts';
