import { LegalDocument, type LegalSection } from '../../modules/legal/components/LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Agreement',
    paragraphs: [
      'By creating an account or using SocialGenX you agree to these terms. If you do not agree, do not use the platform. You must be an adult and allowed by the laws of your country to take part in investment and referral schemes.',
    ],
  },
  {
    heading: 'No guaranteed returns',
    paragraphs: [
      <>
        <b>
          Nothing on SocialGenX is a promise of profit. Daily ROI rates, level percentages, bonuses, salaries,
          rewards and token prices are the current rules of the platform, not a guarantee.
        </b>{' '}
        They can change for future events, income can stop (for example when your earning cap is reached or an
        income type is closed), and you can lose some or all of the money you put in. Only use money you can
        afford to lose. We do not give financial, legal or tax advice.
      </>,
    ],
  },
  {
    heading: 'Your account',
    bullets: [
      'One account per person. Give true details and keep them up to date.',
      'Keep your password secret. You are responsible for what is done with your sign-in.',
      'Your sponsor is fixed when you register with their referral code. Only staff can move a member, and every move is recorded.',
      'We may block an account that breaks these terms, is used for fraud, or is required to be blocked by law. A blocked account earns no income.',
    ],
  },
  {
    heading: 'Plans and income',
    bullets: [
      'A plan is activated or raised from your deposit wallet. The plan amount is not a deposit account and is not insured.',
      'Daily ROI is paid only for days you claim it, after watching that day’s video.',
      'Level income, the direct sponsor bonus, salary and rank rewards follow the rules shown in the app at the time of the event that earns them.',
      'Total earnings from a plan stop at three times its amount (the earning cap). A top-up raises the cap.',
      'Income amounts are exact to 8 decimal places and rounded once, half-up.',
    ],
  },
  {
    heading: 'Deposits, withdrawals and payouts',
    bullets: [
      'A deposit is credited only after it is verified on chain or approved by staff. A transaction hash can be used once.',
      'A withdrawal request puts the amount on hold at once. Fees are set by the platform and shown before you confirm.',
      'Payouts go only to the EVM or TRON address saved on your account. Check it carefully: blockchain payments cannot be reversed.',
      'A declined withdrawal returns the full amount to the wallet it came from.',
      'We may pause deposits, withdrawals or other features for maintenance or security; the app says so when a feature is closed.',
    ],
  },
  {
    heading: 'The SGX token',
    paragraphs: [
      'SGX is priced by a bonding curve: the price rises as more tokens circulate and falls as they are sold. The price you pay or receive is quoted by the server when you trade, and a trade is refused if the price moved too far. Staff can set the price manually; each such change is recorded with its reason. Token value can fall to near zero.',
    ],
  },
  {
    heading: 'Fair use',
    bullets: [
      'Do not create fake accounts, automate video claims, or try to claim income twice.',
      'Do not probe, overload or attack the service, or access data that is not yours.',
      'Do not present SocialGenX to others as a guaranteed or risk-free investment.',
    ],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'We keep exact records and take care to run the platform reliably, but we cannot promise uninterrupted service. To the extent the law allows, we are not liable for losses from market movements, from blockchain networks, from mistakes in addresses you enter, or from use of your account by someone with your credentials.',
    ],
  },
  {
    heading: 'Changes to these terms',
    paragraphs: [
      'We may update these terms. Changes apply from the date shown above and never take back income already credited. If you keep using SocialGenX after a change, you accept the new terms.',
    ],
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of use"
      updated="21 November 2026"
      intro="These terms set out how SocialGenX works, what you can expect from us and what we expect from you. Please read them, especially the section on risk."
      sections={sections}
    />
  );
}
