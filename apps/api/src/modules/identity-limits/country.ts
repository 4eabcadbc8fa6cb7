import type { Settings } from '@sgx/contracts';
import { badRequest } from '../../http/errors';

/**
 * Refuses a country of residence the operator does not serve (the `unservedCountries` setting, decision 0073): at
 * registration, when a member sets it from the profile, and at the level-1 identity submission (modules/identity).
 * `country` is an ISO 3166-1 alpha-2 code, upper case (contracts' ResidenceCountry).
 */
export function assertCountryServed(settings: Pick<Settings, 'unservedCountries'>, country: string): void {
  if (settings.unservedCountries.includes(country.toUpperCase()))
    throw badRequest(`We do not serve members who live in ${country}.`, {
      country: [`We do not serve members who live in ${country}.`],
    });
}
