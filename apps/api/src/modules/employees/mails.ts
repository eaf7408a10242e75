import { catalogLocale, type ShippedLocale } from '@equip/domain/locale';
import type { MailMessage } from '../../providers/mail/mailer.ts';

/** The device-registration reminder's words, in the person's language. */
interface ReminderWords {
  subject: string;
  heading: string;
  greeting(firstName: string): string;
  intro: string;
  button: string;
  reason: string;
}

const REGISTRATION_REMINDER: Record<ShippedLocale, ReminderWords> = {
  en: {
    subject: 'Please register your device with Equip',
    heading: 'Register your work device',
    greeting: (firstName) => `Hi ${firstName},`,
    intro: 'your IT team asks you to register your work device. It takes two minutes.',
    button: 'Register my device',
    reason: 'You got this mail because your IT team manages your work devices with Equip.',
  },
  de: {
    subject: 'Bitte registrieren Sie Ihr Gerät bei Equip',
    heading: 'Registrieren Sie Ihr Arbeitsgerät',
    greeting: (firstName) => `Hallo ${firstName},`,
    intro: 'Ihr IT-Team bittet Sie, Ihr Arbeitsgerät zu registrieren. Das dauert zwei Minuten.',
    button: 'Gerät registrieren',
    reason: 'Sie erhalten diese E-Mail, weil Ihr IT-Team Ihre Arbeitsgeräte mit Equip verwaltet.',
  },
};

/** The device-registration reminder, in the person's language (English when theirs is not shipped). */
export function registrationReminderMail(
  person: { email: string; firstName: string; locale: string | null },
  publicUrl: string,
): MailMessage {
  const locale = catalogLocale(person.locale);
  const w = REGISTRATION_REMINDER[locale];
  return {
    to: person.email,
    kind: 'employees.registration-reminder',
    locale,
    subject: w.subject,
    body: {
      preview: w.intro,
      heading: w.heading,
      paragraphs: [w.greeting(person.firstName), w.intro],
      action: { label: w.button, url: `${publicUrl}/start` },
      reason: w.reason,
    },
  };
}
