import { LegalDocument, type LegalSection } from '../../modules/legal/components/LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Who we are and what this covers',
    paragraphs: [
      'SocialGenX runs a members platform for investment plans, referral income and the SGX token. This notice explains what personal data we hold about members and visitors, why, for how long, and what you can ask us to do with it.',
    ],
  },
  {
    heading: 'Data we keep',
    bullets: [
      <>
        <b>Account data:</b> your full name, e-mail address, phone number, postal address if you give one, the
        username and referral code we create for you, and the referral code of the member who invited you.
      </>,
      <>
        <b>Payout addresses:</b> the EVM and TRON wallet addresses you enter to receive withdrawals.
      </>,
      <>
        <b>Money records:</b> your plans, deposits (with their chain and transaction hash), withdrawals,
        top-ups, transfers, income credits, token trades and the balances that follow from them.
      </>,
      <>
        <b>Activity data:</b> sign-in times, the date you verified your e-mail, support tickets you raise, and
        the daily video sessions used to confirm an ROI claim.
      </>,
      <>
        <b>Technical data:</b> the IP address and browser of requests, kept in server logs to protect the
        service and to rate-limit sign-in attempts.
      </>,
    ],
  },
  {
    heading: 'Passwords and sign-in',
    paragraphs: [
      'We never store your password. We store only a one-way argon2id hash of it, which cannot be turned back into the password. Passwords are never e-mailed, logged or shown to staff.',
      'When you sign in you receive a session token that expires. Your browser keeps it in local storage so that you stay signed in across reloads; signing out revokes it on our servers and removes it from your browser. Admin sessions are separate from member sessions.',
    ],
  },
  {
    heading: 'Why we use your data',
    bullets: [
      'To run your account: sign-in, your plan, your income and your referral team.',
      'To pay you: withdrawals are sent only to the payout addresses saved on your account.',
      'To keep an exact, auditable record of every amount, as the law and sound bookkeeping require.',
      'To prevent fraud and abuse: rate limits, duplicate-deposit checks and an audit trail of staff actions.',
      'To contact you about your account: one-time codes, password resets and notices.',
    ],
  },
  {
    heading: 'Who can see it',
    paragraphs: [
      'Your sponsor and upline can see limited details of members in their team (such as name, username, activity and plan level) so that referral income can be followed. Our staff see your account to support you and to approve deposits and withdrawals; every change they make to money, status or role is recorded with who made it and why.',
      'We do not sell personal data. Transactions you make on a public blockchain (deposits and payouts) are public by the nature of that blockchain and outside our control.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'We keep account data while your account is open. Money records are kept for as long as bookkeeping and anti-money-laundering rules require, even after an account is closed. If you ask us to erase your account, we remove or anonymise your personal details but keep the amounts, because the ledger must stay complete.',
    ],
  },
  {
    heading: 'Your rights',
    bullets: [
      'See the personal data we hold about you, and get a copy.',
      'Correct your details: most can be changed on your profile page; ask support for the rest.',
      'Ask us to erase your personal data, within the limits of the retention rules above.',
      'Object to a use of your data, or complain to your data protection authority.',
    ],
  },
  {
    heading: 'Security',
    paragraphs: [
      'Connections to SocialGenX are encrypted. Access to member data is limited to staff who need it. Keep your password to yourself and your device secure: anyone who signs in with your credentials can act on your account.',
    ],
  },
  {
    heading: 'Changes and contact',
    paragraphs: [
      'If we change this notice, we will update the date above and tell members of significant changes in the app. For any question about your data, raise a support query from your account.',
    ],
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy notice"
      updated="21 November 2026"
      intro="Your privacy matters, and so does your money. Here is plainly what we keep and why."
      sections={sections}
    />
  );
}
