import { catalogLocale, type ShippedLocale } from '@equip/domain/locale';
import type { MailMessage } from '../../providers/mail/mailer.ts';

/**
 * The identity mails and texts, in the recipient's language (English when theirs is not shipped yet).
 * Each language's table holds the words; each mail's template below (`identityMails`) puts them in the
 * shared layout's places, once for every language. Links carry single-use tokens and codes are
 * one-time: both are in the body only, never in a subject or preview line.
 */

/** A mail that carries a one-time code. */
interface CodeMailWords {
  subject: string;
  heading: string;
  /** Before the code. */
  intro: string;
  /** After the code: how long it works, what to do when it was not you. */
  after: string;
  reason: string;
}

/** A mail whose call to action is a single-use link. */
interface LinkMailWords {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  /** After the button: how long the link works, what to do when it was not you. */
  after: string;
  reason: string;
}

interface IdentityWords {
  smsCode(code: string): string;
  mfaCode: CodeMailWords;
  /** The code an administrator confirms a device return with a reset (wipe) by. */
  deviceReturnCode: CodeMailWords;
  enrollmentCode: CodeMailWords;
  passwordReset: LinkMailWords;
  emailVerification: LinkMailWords;
  /** `who` invited the person to `where`: an organisation, or the installation's provider admins. */
  invitation: {
    someone: string;
    somewhere: string;
    subject(who: string, where: string): string;
    heading(where: string): string;
    intro(who: string, where: string): string;
    button: string;
    after: string;
    reason(where: string): string;
  };
}

const en: IdentityWords = {
  smsCode: (code) => `Your Equip sign-in code is ${code}. It expires in 10 minutes.`,
  mfaCode: {
    subject: 'Your Equip sign-in code',
    heading: 'Your sign-in code',
    intro: 'Enter this code to finish signing in to Equip:',
    after: 'It expires in 10 minutes. If you did not try to sign in, change your password.',
    reason:
      'You got this mail because someone signed in to your Equip account with its password and asked for a code by mail.',
  },
  deviceReturnCode: {
    subject: 'Your Equip confirmation code',
    heading: 'Confirm the return of devices',
    intro: 'Here is your code to confirm the return of devices with a reset:',
    after:
      'It expires in 10 minutes and works once. Resetting erases the devices. If you did not ask for this code, tell your IT team and change your password.',
    reason: 'You got this mail because your Equip account asked to return devices with a reset.',
  },
  enrollmentCode: {
    subject: 'Your Equip device enrolment code',
    heading: 'Enrol your device',
    intro: 'Here is your code to enrol your device:',
    after:
      'It expires in 10 minutes and works once. If you did not ask for this code, you can ignore this message.',
    reason: "You got this mail because this address was entered on your organisation's Equip enrolment page.",
  },
  passwordReset: {
    subject: 'Reset your Equip password',
    heading: 'Reset your password',
    intro: 'Someone asked to reset the password of this Equip account.',
    button: 'Set a new password',
    after:
      'The link works for 1 hour, once. If it was not you, ignore this mail; your password stays as it is.',
    reason: 'You got this mail because a password reset was asked for this address on Equip.',
  },
  emailVerification: {
    subject: 'Confirm your email address for Equip',
    heading: 'Confirm your email address',
    intro: 'Confirm that this is your email address.',
    button: 'Confirm my address',
    after: 'The link works for 7 days, once.',
    reason: 'You got this mail because this address was given for an Equip account.',
  },
  invitation: {
    someone: 'Your IT team',
    somewhere: 'your organisation',
    subject: (who, where) => `${who} invited you to ${where} on Equip`,
    heading: (where) => `Join ${where} on Equip`,
    intro: (who, where) => `${who} invited you to join ${where} on Equip.`,
    button: 'Set your password',
    after: 'The link works for 7 days, once.',
    reason: (where) => `You got this mail because ${where} added this address to Equip.`,
  },
};

const de: IdentityWords = {
  smsCode: (code) => `Ihr Equip-Anmeldecode lautet ${code}. Er ist 10 Minuten gültig.`,
  mfaCode: {
    subject: 'Ihr Equip-Anmeldecode',
    heading: 'Ihr Anmeldecode',
    intro: 'Geben Sie diesen Code ein, um die Anmeldung bei Equip abzuschließen:',
    after: 'Er ist 10 Minuten gültig. Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort.',
    reason:
      'Sie erhalten diese E-Mail, weil sich jemand mit dem Passwort Ihres Equip-Kontos angemeldet und einen Code per E-Mail angefordert hat.',
  },
  deviceReturnCode: {
    subject: 'Ihr Equip-Bestätigungscode',
    heading: 'Rückgabe von Geräten bestätigen',
    intro: 'Hier ist Ihr Code zum Bestätigen der Rückgabe von Geräten mit Zurücksetzen:',
    after:
      'Er ist 10 Minuten und einmal gültig. Das Zurücksetzen löscht die Geräte. Wenn Sie diesen Code nicht angefordert haben, informieren Sie Ihr IT-Team und ändern Sie Ihr Passwort.',
    reason:
      'Sie erhalten diese E-Mail, weil mit Ihrem Equip-Konto die Rückgabe von Geräten mit Zurücksetzen angefordert wurde.',
  },
  enrollmentCode: {
    subject: 'Ihr Equip-Code für die Geräteregistrierung',
    heading: 'Gerät registrieren',
    intro: 'Hier ist Ihr Code zum Registrieren Ihres Geräts:',
    after:
      'Er ist 10 Minuten und einmal gültig. Wenn Sie diesen Code nicht angefordert haben, können Sie diese Nachricht ignorieren.',
    reason:
      'Sie erhalten diese E-Mail, weil diese Adresse auf der Equip-Registrierungsseite Ihrer Organisation eingegeben wurde.',
  },
  passwordReset: {
    subject: 'Equip-Passwort zurücksetzen',
    heading: 'Passwort zurücksetzen',
    intro: 'Jemand hat angefordert, das Passwort dieses Equip-Kontos zurückzusetzen.',
    button: 'Neues Passwort festlegen',
    after:
      'Der Link ist 1 Stunde und einmal gültig. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    reason:
      'Sie erhalten diese E-Mail, weil für diese Adresse bei Equip das Zurücksetzen des Passworts angefordert wurde.',
  },
  emailVerification: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Equip',
    heading: 'E-Mail-Adresse bestätigen',
    intro: 'Bestätigen Sie, dass dies Ihre E-Mail-Adresse ist.',
    button: 'Adresse bestätigen',
    after: 'Der Link ist 7 Tage und einmal gültig.',
    reason: 'Sie erhalten diese E-Mail, weil diese Adresse für ein Equip-Konto angegeben wurde.',
  },
  invitation: {
    someone: 'Ihr IT-Team',
    somewhere: 'Ihre Organisation',
    subject: (who, where) => `${who} hat Sie zu ${where} bei Equip eingeladen`,
    heading: (where) => `Treten Sie ${where} bei Equip bei`,
    intro: (who, where) => `${who} hat Sie eingeladen, ${where} bei Equip beizutreten.`,
    button: 'Passwort festlegen',
    after: 'Der Link ist 7 Tage und einmal gültig.',
    reason: (where) => `Sie erhalten diese E-Mail, weil ${where} diese Adresse bei Equip eingetragen hat.`,
  },
};

/** A mail's template output: everything but the recipient and the language. */
type MailContent = Omit<MailMessage, 'to' | 'locale'>;

const codeMail = (kind: string, w: CodeMailWords, code: string): MailContent => ({
  kind,
  subject: w.subject,
  body: {
    preview: w.intro,
    heading: w.heading,
    paragraphs: [w.intro],
    code,
    after: [w.after],
    reason: w.reason,
  },
});

const linkMail = (kind: string, w: LinkMailWords, url: string): MailContent => ({
  kind,
  subject: w.subject,
  body: {
    preview: w.intro,
    heading: w.heading,
    paragraphs: [w.intro],
    action: { label: w.button, url },
    after: [w.after],
    reason: w.reason,
  },
});

/** Each identity mail's template, in the language of `w`. */
function identityMails(w: IdentityWords) {
  return {
    smsCode: w.smsCode,
    mfaCode: (code: string) => codeMail('auth.mfa-code', w.mfaCode, code),
    deviceReturnCode: (code: string) => codeMail('auth.device-return-code', w.deviceReturnCode, code),
    enrollmentCode: (code: string) => codeMail('auth.enrollment-code', w.enrollmentCode, code),
    passwordReset: (link: string) => linkMail('auth.password-reset', w.passwordReset, link),
    emailVerification: (link: string) => linkMail('auth.email-verification', w.emailVerification, link),
    invitation: (link: string, organizationName: string | null, inviterName: string | null) => {
      const t = w.invitation;
      const who = inviterName ?? t.someone;
      const where = organizationName ?? t.somewhere;
      const words: LinkMailWords = {
        subject: t.subject(who, where),
        heading: t.heading(where),
        intro: t.intro(who, where),
        button: t.button,
        after: t.after,
        reason: t.reason(where),
      };
      return linkMail('auth.invitation', words, link);
    },
  };
}

type IdentityTexts = ReturnType<typeof identityMails>;

const CATALOG: Record<ShippedLocale, IdentityTexts> = { en: identityMails(en), de: identityMails(de) };

/** The identity texts in a person's language. */
export function identityTexts(locale: string | null | undefined): IdentityTexts {
  return CATALOG[catalogLocale(locale)];
}

/** A mail to `to` in their language. */
export const authMail = (
  to: string,
  locale: string | null | undefined,
  texts: (t: IdentityTexts) => MailContent,
): MailMessage => ({ to, locale: catalogLocale(locale), ...texts(identityTexts(locale)) });
