// The employees module's public surface.

export { sendDailyRegistrationReminders } from './daily-reminders.ts';
export { namesByUuid, type PersonRef, personRef } from './people.ts';
export { itOwnerUuids, personNameSql } from './recipients.ts';
export { employeeRoutes } from './routes.ts';
