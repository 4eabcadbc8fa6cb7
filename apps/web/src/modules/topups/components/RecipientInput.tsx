import { Loader, TextInput, type TextInputProps } from '@mantine/core';
import type { Recipient } from '@sgx/contracts';
import { tr, useT } from '../../../i18n/i18n';
import { memberLabel } from '../../../ui/MemberName';
import type { RecipientLookup } from '../api/recipientApi';
import { TOPUPS_NS } from '../i18n';

/** How a confirmation names the receiver: "Jane Doe (SGX722596)". */
export function recipientName(r: Recipient): string {
  const name = r.name.trim();
  return name === '' ? r.username : `${name} (${r.username})`;
}

/** The reason the recipient field cannot be sent as typed, or null. */
export function recipientTextError(text: string): string | null {
  return text.trim() === '' ? tr(`${TOPUPS_NS}:recipient.empty`) : null;
}

/**
 * Who a transfer or friend top-up goes to, typed as a username, referral code or e-mail: under the field,
 * the member found ("Jane Doe · SGX722596") or why nobody was, before the member can continue (decision 0036).
 */
export function RecipientInput({
  lookup,
  error,
  ...input
}: TextInputProps & {
  lookup: RecipientLookup;
  /** The form's own error for the field (a submit with nothing typed, a refusal from the server). */
  error?: TextInputProps['error'];
}) {
  const { t } = useT(TOPUPS_NS);
  const description =
    lookup.status === 'found'
      ? memberLabel({ fullname: lookup.recipient.name, username: lookup.recipient.username })
      : lookup.status === 'looking'
        ? t('recipient.looking')
        : t('recipient.hint');
  return (
    <TextInput
      placeholder={t('recipient.placeholder')}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={description}
      descriptionProps={{ 'aria-live': 'polite', c: lookup.status === 'found' ? 'teal' : 'dimmed' }}
      rightSection={lookup.status === 'looking' ? <Loader size="xs" /> : undefined}
      error={error ?? (lookup.status === 'error' ? lookup.message : undefined)}
      {...input}
    />
  );
}
