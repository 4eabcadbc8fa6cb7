/**
 * The server's e-mail texts in English (decision 0039, addendum): the source every other language
 * translates, key for key, with the same {{placeholders}}. These are the texts mailed before the
 * catalogue existed, unchanged (tests assert them).
 */
export const en = {
  'reset.subject': 'Reset your SocialGenX password',
  'reset.body':
    'Hello {{name}},\n\nSomeone asked to reset the password of your SocialGenX account. If it was you, open this link within one hour:\n\n{{link}}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n',
  'otp.subject': 'Your SocialGenX verification code',
  'otp.body': 'Hello {{name}},\n\nYour verification code is {{code}}. It is valid for {{minutes}} minutes.\n',
  'payoutCode.subject': 'Your SocialGenX payout address code',
  'payoutCode.body':
    'Hello {{name}},\n\nYour code to change a payout address is {{code}}. It is valid for {{minutes}} minutes and works once.\n\nIf you did not ask for it, someone may be using your account: change your password now.\n',
  'event.seeIt': 'See it in your account: {{link}}',
  'staffInvite.subject': 'You are invited to the SocialGenX back-office',
  'staffInvite.body':
    'Hello {{name}},\n\nYou are invited to the SocialGenX back-office as {{roles}}.\nSet your password here (the link works once, for 3 days): {{link}}\nThen sign in at /admin-login and set up two-factor sign-in.',
  'identity.approved.title': 'Identity level {{level}} approved',
  'identity.approved.body':
    'Your identity verification for level {{level}} was approved. Your new limits apply now.',
  'identity.rejected.title': 'Identity level {{level}} not approved',
  'identity.rejected.body':
    'Your identity verification for level {{level}} was not approved. Reason: {{reason}}\nYou can correct it and send it again from your profile.',
  'event.choose': 'You can choose which of these e-mails you receive at {{link}}.',
} as const;

export type MailKey = keyof typeof en;

/** Another language's texts: every English key, no other (a missing or extra key is a type error). */
export type MailMessages = { readonly [K in MailKey]: string };
