import { ApiError } from '../app/apiError';
import { serverText } from '../i18n/server';
import { isIdentityLimit } from '../modules/identity-limits/limitError';

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}
interface ValidatingSchema {
  safeParse(data: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

/** Runs a contract schema on form values and returns field -> first message, as Mantine's `validate` expects. */
export function schemaErrors(schema: ValidatingSchema, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && errors[key] === undefined) errors[key] = serverText(issue.message);
  }
  return errors;
}

/** The server's field errors (`details`), renamed to the form's field names where they differ. */
export function serverFieldErrors(
  error: unknown,
  rename: Record<string, string> = {},
): Record<string, string> {
  // An identity limit's details (decision 0073) name no field: its message and link are in ApiErrorAlert.
  if (!(error instanceof ApiError) || isIdentityLimit(error.details)) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.details)) {
    const first = messages[0];
    if (first !== undefined) out[rename[field] ?? field] = serverText(first);
  }
  return out;
}
