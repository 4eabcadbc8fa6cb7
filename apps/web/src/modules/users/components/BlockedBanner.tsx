import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconLifebuoy, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import english from '../../../i18n/en/blocked.json';
import { englishNamespace, useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { type BlockedAccount, SUPPORT_TICKET_PATH, useBlockedAccount, useFreshOwnRecord } from '../blocked';

/**
 * The banner's texts (decision 0039): what the server refuses a blocked member (decisions 0016, 0035), and what
 * stays open, in their words.
 */
const NS = englishNamespace('blocked', english);

function ReasonText({ reason }: { reason: string | null }) {
  const { t } = useT(NS);
  return reason === null ? (
    <Text size="sm">{t('noReason')}</Text>
  ) : (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <RichText
        text={t('reason')}
        components={{ b: <b />, reason: <span data-testid="blocked-reason">{reason}</span> }}
      />
    </Text>
  );
}

/**
 * Shown above every page of a blocked member's area (decision 0035): why (the admin's reason), what is refused
 * before they try it, and the way to support, whose tickets stay open to them.
 */
export function BlockedBanner() {
  const { t } = useT(NS);
  useFreshOwnRecord();
  const { blocked, reason } = useBlockedAccount();
  if (!blocked) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconLock size={20} />}
      title={t('title')}
      role="status"
      mb="md"
      data-testid="blocked-banner"
    >
      <Stack gap="xs" align="flex-start">
        <ReasonText reason={reason} />
        <Text size="sm">
          {t('refused')} {t('allowed')}
        </Text>
        <Button
          component={Link}
          to={SUPPORT_TICKET_PATH}
          size="xs"
          color="red"
          variant="filled"
          leftSection={<IconLifebuoy size={16} />}
        >
          {t('contactSupport')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The actions refused to a blocked member that a page names (blocked.json `actions`, in every language). */
export type BlockedAction = 'claim' | 'topup' | 'withdraw' | 'plan' | 'trade';

/**
 * Beside an action a blocked member cannot take: says so, and why, before they try. `id` lets the disabled
 * control point at it (aria-describedby).
 */
export function BlockedActionNote({
  id,
  action,
  account,
}: {
  id: string;
  /** What is refused (blocked.json `actions`): "claim" reads "You cannot claim today's reward …". */
  action: BlockedAction;
  account: BlockedAccount;
}) {
  const { t } = useT(NS);
  return (
    <Stack gap={4} id={id} data-testid="blocked-action-note" maw={520} align="center" ta="center">
      <Text size="sm" c="red" fw={600}>
        {t('cannot', { action: t(`actions.${action}`) })}
      </Text>
      <ReasonText reason={account.reason} />
      <Anchor component={Link} to={SUPPORT_TICKET_PATH} size="sm">
        {t('writeToSupport')}
      </Anchor>
    </Stack>
  );
}

/**
 * Wraps a money form the server refuses a blocked member (decision 0016): while the member is blocked, the form
 * is shown but every field and button in it is disabled (one native `fieldset disabled`, so no control is missed)
 * and the note says why, before they try. The fieldset is always there, so a form keeps what was typed.
 */
export function BlockedGate({
  id,
  action,
  children,
}: {
  id: string;
  action: BlockedAction;
  children: ReactNode;
}) {
  const account = useBlockedAccount();
  return (
    <Stack gap="sm">
      {account.blocked && <BlockedActionNote id={id} action={action} account={account} />}
      <fieldset
        disabled={account.blocked}
        aria-describedby={account.blocked ? id : undefined}
        data-testid={account.blocked ? 'blocked-gate' : undefined}
        style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      >
        {children}
      </fieldset>
    </Stack>
  );
}
