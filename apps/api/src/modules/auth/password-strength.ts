import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { badRequest } from '../../http/errors';

/**
 * Password strength, judged by zxcvbn-ts (pattern matching against common passwords, English words,
 * names, keyboard walks, dates, repeats and sequences) on top of the contract's rules (8-128 characters,
 * a letter and a digit), which stay as they are. Decision 0014.
 */

export const WEAK_PASSWORD =
  'This password is too easy to guess. Use at least 8 characters with a mix of words, numbers and symbols that is not a common password.';
export const PERSONAL_PASSWORD =
  'This password contains your name, e-mail or username. Choose one that does not.';
export const SITE_PASSWORD =
  "This password contains this site's name or address (SocialGenX). Choose one that does not.";

/**
 * zxcvbn's score 3: about 10^8 guesses or more, "safely unguessable" against an online attack and
 * moderate protection if the argon2id hashes ever leaked.
 */
export const MIN_SCORE = 3;

/** Personal words shorter than this are not refused on their own (too many passwords hold "li" or "rao"). */
const MIN_PERSONAL_LENGTH = 4;

/** What the server knows of the person choosing the password. */
export type PersonalInfo = {
  email?: string | null | undefined;
  fullname?: string | null | undefined;
  username?: string | null | undefined;
  phone?: string | null | undefined;
};

export type Verdict = { ok: true; score: number } | { ok: false; score: number; message: string };

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator with its dictionaries (a few MB), built on the first check and kept for the life of
 * the process. Imported dynamically so that nothing loads them until a password is set, and so that
 * they can never end up in the web bundle.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [core, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      // Levenshtein matching scans every dictionary on each check (about 5 times slower, on the
      // event loop); the common-password list with its l33t variants already refuses what it adds.
      useLevenshteinDistance: false,
    });
  })();
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/**
 * The product's own name as people write it (decision 0032): never part of a password, whatever its
 * length ("sgx" too, the token's and the usernames' prefix). Compared with the password's letters and
 * digits alone, so "Social Gen X", "social-genx" and "SOCIALGENX" are all found.
 */
export const PRODUCT_WORDS: readonly string[] = ['socialgenx', 'sgx'];

/** The words of the site's address (APP_URL's host and its labels but the last), set at start. */
let siteWords: string[] = [];

/** Labels of a host name that are words (not the top-level domain, not "www", not digits). */
function hostWords(host: string): string[] {
  const labels = host.toLowerCase().split('.').filter(Boolean);
  const words = new Set<string>();
  if (labels.length > 1 && !/^[\d.]+$/.test(host)) words.add(labels.join('.'));
  for (const label of labels.length > 1 ? labels.slice(0, -1) : labels) {
    if (label !== 'www' && /^[a-z0-9-]+$/.test(label) && !/^\d+$/.test(label)) {
      words.add(label);
      for (const piece of label.split('-')) if (piece) words.add(piece);
    }
  }
  return [...words];
}

/** The site's address (config appUrl): its host and the words in it count as guessable in a password. */
export function setPasswordSite(appUrl: string): void {
  try {
    siteWords = hostWords(new URL(appUrl).hostname);
  } catch {
    siteWords = [];
  }
}

/** The product's name and the site's address, as words zxcvbn and the containment check know. */
export const siteWordsNow = (): string[] => [...new Set([...PRODUCT_WORDS, 'social gen x', ...siteWords])];

/**
 * The person's own words, lower case: the whole e-mail, its name part and pieces, the words of its domain
 * (not the top-level one), names, username, phone.
 */
export function personalWords(info: PersonalInfo): string[] {
  const words = new Set<string>();
  const add = (w: string | null | undefined) => {
    const v = w?.trim().toLowerCase();
    if (v) words.add(v);
  };
  const email = info.email?.trim().toLowerCase();
  if (email) {
    add(email);
    const [local, domain] = email.split('@');
    add(local);
    for (const piece of local?.split(/[._+-]+/) ?? []) add(piece);
    if (domain) for (const word of hostWords(domain)) if (word.includes('.') === false) add(word);
  }
  add(info.fullname);
  for (const piece of info.fullname?.split(/\s+/) ?? []) add(piece);
  add(info.username);
  add(info.phone?.replace(/\D/g, ''));
  return [...words];
}

/** Judges a password for the person described by `info` (their words count as trivially guessable). */
export async function judgePassword(password: string, info: PersonalInfo = {}): Promise<Verdict> {
  const zxcvbn = await loadEstimator();
  const words = personalWords(info);
  const site = siteWordsNow();
  const result = zxcvbn.check(password, [...words, ...site]);
  const lower = password.toLowerCase();
  const contains = (w: string) => w.length >= MIN_PERSONAL_LENGTH && lower.includes(w);
  // l33t spellings of the inputs too ("m3mb3r", "s0c1alg3nx"), as zxcvbn found them
  const spelled = result.sequence.filter(
    (m) =>
      m.pattern === 'dictionary' &&
      'dictionaryName' in m &&
      m.dictionaryName === 'userInputs' &&
      m.token.length >= MIN_PERSONAL_LENGTH,
  );
  const bare = lower.replace(/[^\p{L}\p{N}]+/gu, '');
  const ofSite = (m: (typeof spelled)[number]) =>
    'matchedWord' in m && site.includes(String(m.matchedWord)) && !words.includes(String(m.matchedWord));
  // The person's own words first: "lake-SGX482913" is their username, though it holds "sgx".
  if (words.some(contains) || spelled.some((m) => !ofSite(m))) {
    return { ok: false, score: result.score, message: PERSONAL_PASSWORD };
  }
  if (PRODUCT_WORDS.some((w) => bare.includes(w)) || site.some(contains) || spelled.some(ofSite)) {
    return { ok: false, score: result.score, message: SITE_PASSWORD };
  }
  if (result.score < MIN_SCORE) return { ok: false, score: result.score, message: WEAK_PASSWORD };
  return { ok: true, score: result.score };
}

/** Throws a 400 naming `field` when the password is too weak or personal. Call before hashing it. */
export async function assertStrongPassword(
  password: string,
  info: PersonalInfo = {},
  field = 'password',
): Promise<void> {
  const verdict = await judgePassword(password, info);
  if (!verdict.ok) throw badRequest(verdict.message, { [field]: [verdict.message] });
}
