// The employees module's public surface.

export { sendDailyRegistrationReminders } from './daily-reminders.ts';
export { peopleCountOf } from './organization-counts.ts';
