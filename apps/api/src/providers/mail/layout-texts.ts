import type { ShippedLocale } from '@equip/domain/locale';
import type { MailBody } from './message.ts';

/** The words of the shared mail layout, and of the record that replaces a sent mail's body. */
interface LayoutTexts {
  /** Under the button, above the plain link (HTML part only: the text part has the link alone). */
  linkFallback: string;
  languageName: Record<ShippedLocale, string>;
  /** Once SMTP has taken a mail, its body becomes this: which mail it was, to whom and when. */
  sentRecord(mail: SentMail & { language: string; written: string; sent: string }): MailBody;
}

/** What a mail's outbox row keeps once it is sent (its metadata). */
export interface SentMail {
  to: string;
  subject: string;
  kind: string | null;
  createdAt: Date;
  sentAt: Date;
}

const en: LayoutTexts = {
  linkFallback: 'If the button does not work, copy this address into your browser:',
  languageName: { en: 'English', de: 'German' },
  sentRecord: ({ to, subject, kind, language, written, sent }) => ({
    preview: `Sent on ${sent}: ${subject}`,
    heading: `Sent: ${subject}`,
    paragraphs: [
      `This mail went to ${to} on ${sent}. Equip keeps no mail's text once it is sent, as mail carries links and codes that only its recipient may use.`,
      `Mail: ${kind ?? 'unknown'} · Language: ${language} · Written: ${written} · Sent: ${sent}`,
    ],
    reason: "This record replaces the mail in Equip's outbox.",
  }),
};

const de: LayoutTexts = {
  linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
  languageName: { en: 'Englisch', de: 'Deutsch' },
  sentRecord: ({ to, subject, kind, language, written, sent }) => ({
    preview: `Gesendet am ${sent}: ${subject}`,
    heading: `Gesendet: ${subject}`,
    paragraphs: [
      `Diese E-Mail ging am ${sent} an ${to}. Equip bewahrt den Text einer E-Mail nach dem Senden nicht auf, da E-Mails Links und Codes enthalten, die nur ihre Empfänger verwenden dürfen.`,
      `E-Mail: ${kind ?? 'unbekannt'} · Sprache: ${language} · Geschrieben: ${written} · Gesendet: ${sent}`,
    ],
    reason: 'Dieser Eintrag ersetzt die E-Mail im Postausgang von Equip.',
  }),
};

export const LAYOUT_TEXTS: Record<ShippedLocale, LayoutTexts> = { en, de };

/** `2026-05-04 09:30 UTC`: the record is read by provider admins anywhere, so in UTC. */
const utc = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The body that replaces a sent mail's: no link or code of the mail survives into it. */
export function sentRecord(mail: SentMail, locale: ShippedLocale): MailBody {
  const t = LAYOUT_TEXTS[locale];
  return t.sentRecord({
    ...mail,
    language: t.languageName[locale],
    written: utc(mail.createdAt),
    sent: utc(mail.sentAt),
  });
}
