import type { MailMessage } from '../../providers/mail/mailer.ts';

/** The texts of the identity mails. Links carry single-use tokens; they are the only secret in them. */
export const authMails = {
  mfaCode: (to: string, code: string): MailMessage => ({
    to,
    subject: `Your Equip sign-in code: ${code}`,
    text: `Your sign-in code is ${code}.\n\nIt expires in 10 minutes. If you did not try to sign in, change your password.`,
  }),
  invitation: (to: string, link: string, organizationName: string, inviterName: string): MailMessage => ({
    to,
    subject: `${inviterName} invited you to ${organizationName} on Equip`,
    text: `${inviterName} invited you to join ${organizationName} on Equip.\n\nSet your password here (the link works for 7 days):\n${link}\n`,
  }),
  passwordReset: (to: string, link: string): MailMessage => ({
    to,
    subject: 'Reset your Equip password',
    text: `Someone asked to reset the password of this Equip account.\n\nSet a new password here (the link works for 1 hour, once):\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
  }),
  emailVerification: (to: string, link: string): MailMessage => ({
    to,
    subject: 'Confirm your email address for Equip',
    text: `Confirm that this is your email address:\n${link}\n`,
  }),
};
