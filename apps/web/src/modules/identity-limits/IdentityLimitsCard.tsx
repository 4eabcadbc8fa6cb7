import { Badge, Button, Group, Progress, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { type IdentityLimitKey, type IdentityLimitUse, identityLimitKeys } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/i18n';
import { ApiErrorAlert } from '../../ui/ApiErrorAlert';
import { LoadError } from '../../ui/LoadError';
import { formatMoney } from '../../ui/Money';
import { SectionCard } from '../../ui/SectionCard';
import { Spinner } from '../../ui/Spinner';
import { useIdentityLimits, useSetCountry } from './api';
import { countryName, countryOptions } from './countries';
import { IDENTITY_PAGE } from './IdentityLimitLink';
import { IDENTITY_LIMITS_NS } from './i18n';

/** How much of a limit is used, 0..100, in exact units (never a float of money). */
function percentUsed(l: IdentityLimitUse): number {
  if (l.limit === null) return 0;
  const limit = parseUnits(l.limit);
  if (limit === 0n) return 100;
  const used = parseUnits(l.used);
  return used >= limit ? 100 : Number((used * 100n) / limit);
}

function LimitRow({ limit }: { limit: IdentityLimitUse }) {
  const { t } = useT(IDENTITY_LIMITS_NS);
  const pct = percentUsed(limit);
  return (
    <Stack gap={4} data-testid={`identity-limit-${limit.key}`}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {t(`keys.${limit.key}`)}
        </Text>
        <Text size="sm" c="dimmed">
          {limit.limit === null
            ? t('card.noLimit')
            : t('card.usedOf', { used: formatMoney(limit.used), limit: formatMoney(limit.limit) })}
        </Text>
      </Group>
      {limit.limit !== null && (
        <>
          <Progress
            value={pct}
            color={pct >= 100 ? 'red' : pct >= 80 ? 'orange' : 'teal'}
            aria-label={t(`keys.${limit.key}`)}
          />
          <Text size="xs" c="dimmed">
            {t('card.remaining', { amount: formatMoney(limit.remaining) })}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** The country of residence: shown, or chosen once when it is empty (PUT /identity/country). */
function CountryLine({ country }: { country: string | null }) {
  const { t } = useT(IDENTITY_LIMITS_NS);
  const [choice, setChoice] = useState<string | null>(null);
  const save = useSetCountry();
  if (country !== null)
    return (
      <Text size="sm" data-testid="identity-country">
        {t('card.country', { country: countryName(country) })}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label={t('country.label')}
          description={t('country.once')}
          placeholder={t('country.placeholder')}
          data={countryOptions()}
          value={choice}
          onChange={setChoice}
          searchable
          style={{ flex: '1 1 14rem' }}
        />
        <Button
          variant="light"
          disabled={choice === null}
          loading={save.isPending}
          onClick={() => choice !== null && save.mutate(choice)}
        >
          {t('country.save')}
        </Button>
      </Group>
      {save.isError && <ApiErrorAlert error={save.error} />}
    </Stack>
  );
}

/**
 * Profile → Limits (decision 0073): the member's identity level, each limit of it with what is used in its window
 * and what remains, the next level's limits, and the way to the identity page that raises the level.
 */
export function IdentityLimitsCard() {
  const { t } = useT(IDENTITY_LIMITS_NS);
  const limits = useIdentityLimits();
  return (
    <SectionCard
      title={t('card.title')}
      description={t('card.description')}
      testId="identity-limits-card"
      actions={
        limits.data !== undefined && (
          <Badge variant="light" size="lg" data-testid="identity-level">
            {t('card.level', { level: limits.data.level })}
          </Badge>
        )
      }
    >
      <Spinner loading={limits.isPending} />
      {limits.isError && (
        <LoadError title={t('card.unavailable')} error={limits.error} onRetry={() => void limits.refetch()} />
      )}
      {limits.data !== undefined && (
        <Stack gap="md">
          <CountryLine country={limits.data.country} />
          {limits.data.limits.map((l) => (
            <LimitRow key={l.key} limit={l} />
          ))}
          {limits.data.next === null ? (
            <Text size="sm" c="dimmed">
              {t('card.top')}
            </Text>
          ) : (
            <Stack gap={6} data-testid="identity-next-level">
              <Text size="sm" fw={500}>
                {t('card.next', { level: limits.data.next.level })}
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2}>
                {identityLimitKeys.map((k: IdentityLimitKey) => {
                  const value = limits.data.next?.limits[k] ?? null;
                  return (
                    <Text size="xs" key={k}>
                      {t(`keys.${k}`)}: {value === null ? t('card.noLimit') : formatMoney(value)}
                    </Text>
                  );
                })}
              </SimpleGrid>
              <Button
                component={Link}
                to={IDENTITY_PAGE}
                variant="light"
                size="sm"
                style={{ alignSelf: 'flex-start' }}
              >
                {t('card.verify', { level: limits.data.next.level })}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
