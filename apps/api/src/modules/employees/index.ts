// The employees module's public surface.

export { sendDailyRegistrationReminders } from './daily-reminders.ts';
export {
  addHrPerson,
  changeHrPerson,
  type HrPerson,
  type HrPersonValues,
  type HrWriter,
  hrEmailsInUse,
  hrPeopleOf,
  hrPeopleWhere,
} from './hr-people.ts';
export { peopleCountOf } from './organization-counts.ts';
export { applyWorkspaceLicences } from './workspace-licences.ts';
