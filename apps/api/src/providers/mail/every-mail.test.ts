import { SHIPPED_LOCALES, type ShippedLocale } from '@equip/domain/locale';
import { render } from '@react-email/render';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { authMail } from '../../modules/auth/mails.ts';
import { registrationReminderMail } from '../../modules/employees/mails.ts';
import type { MailMessage } from './mailer.ts';
import { renderMail } from './render.ts';
import { MailLayout } from './templates/layout.tsx';

const CODE = '480213';
const LINK = 'https://equip.example/auth/set-password?invitationToken=s3cr3t-t0ken&x=1';
const TO = 'jana@example.test';

/** Every mail Equip writes, in one language: a new mail belongs in this list. */
const everyMail = (locale: ShippedLocale): MailMessage[] => [
  authMail(TO, locale, (t) => t.mfaCode(CODE)),
  authMail(TO, locale, (t) => t.deviceReturnCode(CODE)),
  authMail(TO, locale, (t) => t.enrollmentCode(CODE)),
  authMail(TO, locale, (t) => t.passwordReset(LINK)),
  authMail(TO, locale, (t) => t.emailVerification(LINK)),
  authMail(TO, locale, (t) => t.invitation(LINK, 'Acme GmbH', 'Jana Jäger')),
  authMail(TO, locale, (t) => t.invitation(LINK, null, null)),
  registrationReminderMail({ email: TO, firstName: 'Jana', locale }, 'https://equip.example'),
];

/** Everything a reader reads of a mail, sentence by sentence. */
const sentences = (mail: MailMessage) =>
  [
    mail.subject,
    mail.body.preview,
    mail.body.heading,
    ...mail.body.paragraphs,
    mail.body.action?.label,
    ...(mail.body.after ?? []),
    mail.body.reason,
  ].filter((sentence): sentence is string => Boolean(sentence));

describe('every mail', () => {
  it.each(SHIPPED_LOCALES)(
    'keeps its code or link out of the subject and preview, and in both parts (%s)',
    async (locale) => {
      for (const mail of everyMail(locale)) {
        const secret = mail.body.code ?? mail.body.action?.url;
        expect(secret, mail.kind).toBeTruthy();
        // A subject stays readable in the outbox and a preview on a lock screen: neither names a code.
        expect(mail.subject, mail.kind).not.toMatch(/\d{4,}|https?:/);
        expect(mail.body.preview, mail.kind).not.toMatch(/\d{4,}|https?:/);
        const { html, text } = await renderMail(mail.locale, mail.body);
        expect(text, mail.kind).toContain(secret);
        const inHtml = mail.body.code
          ? `>${mail.body.code}</p>`
          : `href="${mail.body.action?.url.replaceAll('&', '&amp;')}"`;
        expect(html, mail.kind).toContain(inHtml);
        expect(html, mail.kind).toMatch(new RegExp(`<html [^>]*lang="${locale}"`));
        // Equip's name, the heading and the footer saying why the person got it.
        expect(text.startsWith(`Equip\n\n${mail.body.heading}\n`), mail.kind).toBe(true);
        expect(text.endsWith(mail.body.reason), mail.kind).toBe(true);
      }
    },
  );

  it('fills each text into its shape’s rendering as React would have rendered it', async () => {
    const awkward = `<b>"Tom" & 'Jerry'</b>`;
    const mails = [
      ...everyMail('en'),
      ...everyMail('de'),
      registrationReminderMail({ email: TO, firstName: awkward, locale: 'de' }, 'https://equip.example'),
      authMail(TO, 'en', (t) => t.invitation(`${LINK}&y="2"`, awkward, 'Jana')),
    ];
    for (const mail of mails) {
      const { html, text } = await renderMail(mail.locale, mail.body);
      // The same HTML as a render of this very body (the shape was rendered once, with placeholders).
      expect(html, mail.kind).toBe(
        await render(createElement(MailLayout, { locale: mail.locale, body: mail.body })),
      );
      for (const sentence of mail.body.paragraphs) expect(text, mail.kind).toContain(sentence);
    }
    const reminder = await renderMail('de', mails.at(-2)!.body);
    expect(reminder.html).toContain('Hallo &lt;b&gt;&quot;Tom&quot; &amp; &#x27;Jerry&#x27;&lt;/b&gt;,');
    expect(reminder.text).toContain(`Hallo ${awkward},`);
  });

  it('is written in German for German readers, sentence by sentence', () => {
    const english = everyMail('en');
    const german = everyMail('de');
    expect(german.map((mail) => mail.kind)).toEqual(english.map((mail) => mail.kind));
    for (const [i, mail] of english.entries()) {
      const inGerman = sentences(german[i]!);
      expect(inGerman, mail.kind).toHaveLength(sentences(mail).length);
      for (const [j, sentence] of sentences(mail).entries())
        expect(inGerman[j], mail.kind).not.toBe(sentence);
    }
  });

  it('is written in English for a language not shipped yet', () => {
    const mail = authMail(TO, 'fr', (t) => t.mfaCode(CODE));
    expect(mail.locale).toBe('en');
    expect(mail.subject).toBe('Your Equip sign-in code');
  });
});
