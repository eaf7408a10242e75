import { catalogLocale, type ShippedLocale } from '@equip/domain/locale';
import type { MailMessage } from '../../providers/mail/mailer.ts';

/**
 * The texts of the identity mails and texts, in the recipient's language (English when theirs is not
 * shipped yet). Links carry single-use tokens; they are the only secret in them.
 */
interface IdentityTexts {
  mfaCode(code: string): { subject: string; text: string };
  smsCode(code: string): string;
  /** `organizationName` is what the person joins: an organisation, or the installation's provider admins. */
  invitation(
    link: string,
    organizationName: string | null,
    inviterName: string | null,
  ): {
    subject: string;
    text: string;
  };
  passwordReset(link: string): { subject: string; text: string };
  emailVerification(link: string): { subject: string; text: string };
  /** The code an administrator confirms a device return with a reset (wipe) by. */
  deviceReturnCode(code: string): { subject: string; text: string };
  enrollmentCode(code: string): { subject: string; text: string };
}

const en: IdentityTexts = {
  mfaCode: (code) => ({
    subject: `Your Equip sign-in code: ${code}`,
    text: `Your sign-in code is ${code}.\n\nIt expires in 10 minutes. If you did not try to sign in, change your password.`,
  }),
  smsCode: (code) => `Your Equip sign-in code is ${code}. It expires in 10 minutes.`,
  invitation: (link, organizationName, inviterName) => {
    const who = inviterName ?? 'Your IT team';
    const where = organizationName ?? 'your organisation';
    return {
      subject: `${who} invited you to ${where} on Equip`,
      text: `${who} invited you to join ${where} on Equip.\n\nSet your password here (the link works for 7 days):\n${link}\n`,
    };
  },
  passwordReset: (link) => ({
    subject: 'Reset your Equip password',
    text: `Someone asked to reset the password of this Equip account.\n\nSet a new password here (the link works for 1 hour, once):\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
  }),
  emailVerification: (link) => ({
    subject: 'Confirm your email address for Equip',
    text: `Confirm that this is your email address:\n${link}\n`,
  }),
  deviceReturnCode: (code) => ({
    subject: `Your Equip confirmation code: ${code}`,
    text: `Your code to confirm the return of devices with a reset is ${code}.\n\nIt expires in 10 minutes and works once. Resetting erases the devices. If you did not ask for this code, tell your IT team and change your password.`,
  }),
  enrollmentCode: (code) => ({
    subject: `Your Equip device enrolment code: ${code}`,
    text: `Your code to enrol your device is ${code}.\n\nIt expires in 10 minutes and works once. If you did not ask for this code, you can ignore this message.`,
  }),
};

const de: IdentityTexts = {
  mfaCode: (code) => ({
    subject: `Ihr Equip-Anmeldecode: ${code}`,
    text: `Ihr Anmeldecode lautet ${code}.\n\nEr ist 10 Minuten gültig. Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort.`,
  }),
  smsCode: (code) => `Ihr Equip-Anmeldecode lautet ${code}. Er ist 10 Minuten gültig.`,
  invitation: (link, organizationName, inviterName) => {
    const who = inviterName ?? 'Ihr IT-Team';
    const where = organizationName ?? 'Ihre Organisation';
    return {
      subject: `${who} hat Sie zu ${where} bei Equip eingeladen`,
      text: `${who} hat Sie eingeladen, ${where} bei Equip beizutreten.\n\nLegen Sie hier Ihr Passwort fest (der Link ist 7 Tage gültig):\n${link}\n`,
    };
  },
  passwordReset: (link) => ({
    subject: 'Equip-Passwort zurücksetzen',
    text: `Jemand hat angefordert, das Passwort dieses Equip-Kontos zurückzusetzen.\n\nLegen Sie hier ein neues Passwort fest (der Link ist 1 Stunde und einmal gültig):\n${link}\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.`,
  }),
  emailVerification: (link) => ({
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Equip',
    text: `Bestätigen Sie, dass dies Ihre E-Mail-Adresse ist:\n${link}\n`,
  }),
  deviceReturnCode: (code) => ({
    subject: `Ihr Equip-Bestätigungscode: ${code}`,
    text: `Ihr Code zum Bestätigen der Rückgabe von Geräten mit Zurücksetzen lautet ${code}.\n\nEr ist 10 Minuten und einmal gültig. Das Zurücksetzen löscht die Geräte. Wenn Sie diesen Code nicht angefordert haben, informieren Sie Ihr IT-Team und ändern Sie Ihr Passwort.`,
  }),
  enrollmentCode: (code) => ({
    subject: `Ihr Equip-Code für die Geräteregistrierung: ${code}`,
    text: `Ihr Code zum Registrieren Ihres Geräts lautet ${code}.\n\nEr ist 10 Minuten und einmal gültig. Wenn Sie diesen Code nicht angefordert haben, können Sie diese Nachricht ignorieren.`,
  }),
};

const CATALOG: Record<ShippedLocale, IdentityTexts> = { en, de };

/** The identity texts in a person's language. */
export function identityTexts(locale: string | null | undefined): IdentityTexts {
  return CATALOG[catalogLocale(locale)];
}

/** A mail to `to` in their language. */
export const authMail = (
  to: string,
  locale: string | null | undefined,
  texts: (t: IdentityTexts) => { subject: string; text: string },
): MailMessage => ({ to, ...texts(identityTexts(locale)) });
