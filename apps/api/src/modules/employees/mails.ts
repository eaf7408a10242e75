import { catalogLocale, type ShippedLocale } from '@equip/domain/locale';
import type { MailMessage } from '../../providers/mail/mailer.ts';

type ReminderText = (firstName: string, link: string) => { subject: string; text: string };

/** The device-registration reminder, in the person's language (English when theirs is not shipped). */
const REGISTRATION_REMINDER: Record<ShippedLocale, ReminderText> = {
  en: (firstName, link) => ({
    subject: 'Please register your device with Equip',
    text: `Hi ${firstName},\n\nyour IT team asks you to register your work device. It takes two minutes:\n${link}\n`,
  }),
  de: (firstName, link) => ({
    subject: 'Bitte registrieren Sie Ihr Gerät bei Equip',
    text: `Hallo ${firstName},\n\nIhr IT-Team bittet Sie, Ihr Arbeitsgerät zu registrieren. Das dauert zwei Minuten:\n${link}\n`,
  }),
};

export function registrationReminderMail(
  person: { email: string; firstName: string; locale: string | null },
  publicUrl: string,
): MailMessage {
  const texts = REGISTRATION_REMINDER[catalogLocale(person.locale)];
  return { to: person.email, ...texts(person.firstName, `${publicUrl}/start`) };
}
