import type { ShippedLocale } from '@equip/domain/locale';

/**
 * What a mail says, in its recipient's language. A mail's template (its `mails.ts`) fills this from
 * the language's text table; the one shared layout (`templates/layout.tsx`) makes both the HTML part
 * and the text part of it, so the two never say different things.
 */
export interface MailBody {
  /** The line mail clients show beside the subject (not part of the text part). */
  preview: string;
  heading: string;
  /** Paragraphs before the call to action or the code. */
  paragraphs: string[];
  /** A one-time code, shown large on a line of its own (never in the subject). */
  code?: string;
  /** The call to action: a button, with the plain link below it for clients that block buttons. */
  action?: { label: string; url: string };
  /** Paragraphs after the action or the code: how long it works, what to do when it was not you. */
  after?: string[];
  /** Why the person got this mail (the footer). */
  reason: string;
}

export interface MailMessage {
  to: string;
  /** Which mail it is (`auth.invitation`, `employees.registration-reminder`): kept after sending. */
  kind: string;
  /** The language it is written in (the recipient's, English when theirs is not shipped yet). */
  locale: ShippedLocale;
  /** Names the mail and nothing more: no link or code, as it stays readable after sending. */
  subject: string;
  body: MailBody;
}

/** A mail's two parts, as sent and (until it is sent over SMTP) as kept in the outbox. */
export interface MailParts {
  html: string;
  text: string;
}

/** The domain of an address: what the log names instead of the person. */
export const recipientDomain = (address: string) => address.slice(address.lastIndexOf('@') + 1);
