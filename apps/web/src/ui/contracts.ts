import type { FormEvent } from 'react';
import { schemaErrors } from './formErrors';
import { loadPhoneNumbering } from './phone';
import type { CheckedForm } from './useTextForm';

type Contracts = typeof import('@sgx/contracts');
type ValidatingSchema = Parameters<typeof schemaErrors>[0];

let loading: Promise<Contracts> | undefined;

/**
 * The contracts (zod and every schema) on demand. The landing and sign-in pages do not need them to show,
 * so their forms load them when the visitor starts filling them in (decision 0046). Loaded once; after a failure
 * the next call tries again.
 */
export function loadContracts(): Promise<Contracts> {
  if (loading === undefined) {
    const attempt = import('@sgx/contracts');
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
  }
  return loading;
}

/** For a form's `onFocus`: starts loading the contracts while the visitor types. */
export function preloadContracts(): void {
  loadContracts().catch(() => undefined);
}

/** The contracts, with libphonenumber's numbering plans when the form takes a phone number (decision 0041). */
function contractsFor(values: unknown): Promise<Contracts> {
  const phone = typeof values === 'object' && values !== null && 'phone' in values;
  return phone ? Promise.all([loadContracts(), loadPhoneNumbering()]).then(([c]) => c) : loadContracts();
}

/**
 * Submit handler of a form checked by a contract schema that loads on demand: what Mantine's
 * `form.onSubmit` does with `validate: (v) => schemaErrors(Schema, v)`, without the contracts in the page's
 * first download. The values are checked, the errors shown, and `handler` runs only when there are none.
 * Should the contracts fail to load, the values go to the server, whose own check answers field by field.
 */
export function contractSubmit<Values>(
  form: CheckedForm<Values>,
  schemaOf: (contracts: Contracts) => ValidatingSchema,
  handler: (values: Values) => void,
): (event?: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event?.preventDefault();
    contractsFor(form.getValues()).then(
      (contracts) => {
        const values = form.getValues();
        const errors = schemaErrors(schemaOf(contracts), values);
        form.setErrors(errors);
        if (Object.keys(errors).length === 0) handler(values);
      },
      () => handler(form.getValues()),
    );
  };
}
