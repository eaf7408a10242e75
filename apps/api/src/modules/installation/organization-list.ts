import { deviceCountOf } from '../devices/index.ts';
import { peopleCountOf } from '../employees/index.ts';
import { organizationAdminList } from '../organizations/index.ts';

/**
 * The organisations as provider admins list them, with the people and devices their areas count. Its
 * own file, imported after the event log: employees and the audit log import each other, and entering
 * that pair from the employees' side (as devices do) would find the audit log's SQL pieces missing.
 */
export const adminOrganizationList = organizationAdminList({ people: peopleCountOf, devices: deviceCountOf });
