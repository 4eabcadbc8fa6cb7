import { currentIntlTag } from '../../i18n/state';

/** ISO 3166-1 alpha-2 codes of the countries of residence a member can choose (decision 0073). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC ' +
  'CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB ' +
  'GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH ' +
  'KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA ' +
  'SB SC SD SE SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY ' +
  'UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** A country's name in the member's language ("DE" -> "Germany", "Alemania"), the code where the browser has none. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([currentIntlTag()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The options of a country select, by name in the member's language; `except` leaves out unserved countries. */
export function countryOptions(except: readonly string[] = []): { value: string; label: string }[] {
  return COUNTRY_CODES.filter((c) => !except.includes(c))
    .map((c) => ({ value: c, label: countryName(c) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
