import { Alert, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError, errorMessage } from '../app/apiError';
import { useT } from '../i18n/i18n';
import { IdentityLimitLink } from '../modules/identity-limits/IdentityLimitLink';
import { isIdentityLimit } from '../modules/identity-limits/limitError';

const fieldLabel = (field: string) => field.replace(/_/g, ' ');

/** A refused or failed call: the server's message and, when it sent them, its field errors. */
export function ApiErrorAlert({ error, title }: { error: unknown; title?: string }) {
  const { t } = useT();
  // An identity limit's details (decision 0073) are for the link under the message, not a field list.
  const limited = error instanceof ApiError && isIdentityLimit(error.details);
  const details = error instanceof ApiError && !limited ? Object.entries(error.details) : [];
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title ?? t('errors.notDone')} role="alert">
      <Text size="sm">{errorMessage(error)}</Text>
      {limited && error instanceof ApiError && <IdentityLimitLink details={error.details} />}
      {details.length > 0 && (
        <List size="sm" mt={4}>
          {details.map(([field, messages]) => (
            <List.Item key={field}>
              {fieldLabel(field)}: {messages.join(' ')}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/** Whether trying the same submission again may help (network trouble or a server fault, not a refusal). */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}
