// The employees module's public surface.

export { sendDailyRegistrationReminders } from './daily-reminders.ts';
export { employeeRoutes } from './routes.ts';
