/**
 * The demo's month as data (decision 0022): who joins on which day under whom, what they deposit and
 * buy, the SGX trades, the withdrawals and the videos. Day 0 is 30 days ago; demo/history.ts plays it.
 */

export type PlanName = 'Bronze' | 'Silver' | 'Gold';

/** Who joins on which day, under whom, and what they deposit and buy (the demo member is `member`). */
export const joiners: {
  day: number;
  key: string;
  email: string;
  fullname: string;
  sponsor: string;
  deposit?: string;
  plan?: PlanName;
}[] = [
  {
    day: 0,
    key: 'member',
    email: 'member@example.com',
    fullname: 'Demo Member',
    sponsor: 'root',
    deposit: '1500',
    plan: 'Silver',
  },
  {
    day: 1,
    key: 'asha',
    email: 'team1@example.com',
    fullname: 'Asha Rao',
    sponsor: 'member',
    deposit: '1600',
    plan: 'Silver',
  },
  {
    day: 1,
    key: 'ben',
    email: 'team2@example.com',
    fullname: 'Ben Okafor',
    sponsor: 'member',
    deposit: '250',
    plan: 'Bronze',
  },
  {
    day: 2,
    key: 'chen',
    email: 'team3@example.com',
    fullname: 'Chen Li',
    sponsor: 'member',
    deposit: '20000',
    plan: 'Gold',
  },
  {
    day: 4,
    key: 'dana',
    email: 'team4@example.com',
    fullname: 'Dana Smith',
    sponsor: 'asha',
    deposit: '100',
    plan: 'Bronze',
  },
  {
    day: 6,
    key: 'eli',
    email: 'team5@example.com',
    fullname: 'Eli Cohen',
    sponsor: 'asha',
    deposit: '1000',
    plan: 'Silver',
  },
  {
    day: 9,
    key: 'farah',
    email: 'team6@example.com',
    fullname: 'Farah Haddad',
    sponsor: 'ben',
    deposit: '120',
    plan: 'Bronze',
  },
  {
    day: 12,
    key: 'gabe',
    email: 'team7@example.com',
    fullname: 'Gabe Moreno',
    sponsor: 'chen',
    deposit: '1000',
    plan: 'Silver',
  },
  {
    day: 15,
    key: 'hana',
    email: 'team8@example.com',
    fullname: 'Hana Sato',
    sponsor: 'dana',
    deposit: '100',
    plan: 'Bronze',
  },
  {
    day: 18,
    key: 'ivan',
    email: 'team9@example.com',
    fullname: 'Ivan Petrov',
    sponsor: 'member',
    deposit: '1000',
    plan: 'Silver',
  },
  {
    day: 21,
    key: 'jade',
    email: 'team10@example.com',
    fullname: 'Jade Wu',
    sponsor: 'eli',
    deposit: '100',
    plan: 'Bronze',
  },
  { day: 25, key: 'kofi', email: 'team11@example.com', fullname: 'Kofi Mensah', sponsor: 'member' },
];

/**
 * Where each member registers and signs in from (decision 0056): addresses of the documentation ranges (RFC 5737),
 * a home of their own per member, so that a demo withdrawal's risk signals mean something. One is shared on
 * purpose: kofi registers from the address asha signs in from (a second account, perhaps), so that asha's
 * declined withdrawal shows what a real signal looks like.
 */
export function addressesOf(key: string): { registers: string; signsIn: string } {
  if (key === 'kofi') return { registers: addressesOf('asha').signsIn, signsIn: '203.0.113.77' };
  const n = joiners.findIndex((j) => j.key === key);
  if (n < 0) throw new Error(`No demo member ${key}`);
  return { registers: `203.0.113.${10 + n}`, signsIn: `198.51.100.${10 + n}` };
}

/** A member with a plan signs in on these days after joining (and claims every evening). */
export const signInEvery = 7;

/**
 * SGX bought and sold from the deposit wallet (token units), moving the price along its curve. The demo
 * member does not trade: their wallets stay in whole cents, as the money browser test reads them.
 */
export const trades: { day: number; who: string; side: 'BUY' | 'SELL'; tokens: string }[] = [
  { day: 3, who: 'asha', side: 'BUY', tokens: '20000' },
  { day: 5, who: 'chen', side: 'BUY', tokens: '1000000' },
  { day: 8, who: 'asha', side: 'BUY', tokens: '25000' },
  { day: 13, who: 'chen', side: 'BUY', tokens: '800000' },
  { day: 17, who: 'ben', side: 'BUY', tokens: '10000' },
  { day: 22, who: 'chen', side: 'SELL', tokens: '300000' },
  { day: 27, who: 'asha', side: 'BUY', tokens: '15000' },
];

export const withdrawals: {
  day: number;
  who: string;
  amount: string;
  decision: 'complete' | 'decline';
  note: string;
}[] = [
  { day: 20, who: 'member', amount: '60', decision: 'complete', note: 'Paid to the EVM address on file.' },
  {
    day: 26,
    who: 'asha',
    amount: '25',
    decision: 'decline',
    note: 'The payout address could not be confirmed; please check it in your profile and ask again.',
  },
];

export const videos: { day: number; title: string; url: string }[] = [
  { day: 7, title: 'How level income works', url: 'https://www.youtube.com/watch?v=ScMzIvxBSi4' },
  { day: 14, title: 'Reading your income history', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
  { day: 21, title: 'The SGX token in two minutes', url: 'https://www.youtube.com/watch?v=ScMzIvxBSi4' },
];
