import { Badge, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RulePlan } from '@sgx/contracts';
import { useT } from '../../../i18n/i18n';
import { formatDateTime } from '../../../ui/format';
import { LoadError } from '../../../ui/LoadError';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { SETTINGS_NS } from '../../settings/i18n';
import { useRuleVersion } from '../api/rulesApi';
import { RULES_NS } from '../i18n';
import { planTerms, settingsLines } from '../ruleText';
import { RuleChanges } from './RuleChanges';

/** One version's full rule set (settings and plans), read from GET /admin/rules/versions/:id. */
export function RuleSetDialog({ version, onClose }: { version: number | null; onClose: () => void }) {
  const { t } = useT(RULES_NS);
  // The settings' names are the settings screen's (loaded in the admin's language with it).
  useT(SETTINGS_NS);
  const phone = useMediaQuery('(max-width: 47.99em)');
  const read = useRuleVersion(version);
  const data = read.data;
  const plans: ResponsiveColumn<RulePlan>[] = [
    { key: 'name', header: t('set.plan'), render: (p) => p.name, hideOnPhone: true },
    { key: 'price', header: t('set.price'), render: (p) => planTerms(p).price, nowrap: true },
    { key: 'roi', header: t('set.roi'), render: (p) => planTerms(p).roi, nowrap: true },
    { key: 'bonus', header: t('set.bonus'), render: (p) => planTerms(p).bonus, nowrap: true },
    { key: 'period', header: t('set.period'), render: (p) => planTerms(p).period, nowrap: true },
    {
      key: 'state',
      header: t('set.state'),
      render: (p) => (p.deleted ? t('set.deleted') : p.active ? t('set.open') : t('set.closed')),
    },
  ];

  return (
    <Modal
      opened={version !== null}
      onClose={onClose}
      title={version === null ? '' : t('set.title', { n: version })}
      size="xl"
      fullScreen={phone === true}
    >
      {read.isError && (
        <LoadError title={t('set.loadError')} error={read.error} onRetry={() => void read.refetch()} />
      )}
      {read.isPending && read.fetchStatus !== 'idle' && <Skeleton h={240} />}
      {data !== undefined && (
        <Stack gap="md" data-testid="rule-set" data-version={data.version.version}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm">
              {t('set.inForce', {
                from: formatDateTime(data.version.from),
                until: data.version.until === null ? t('list.inForce') : formatDateTime(data.version.until),
              })}
            </Text>
            {data.version.until === null && (
              <Badge color="green" variant="light">
                {t('list.inForce')}
              </Badge>
            )}
          </Group>
          <Stack gap={4}>
            <Title order={3} fz="md">
              {t('set.changes')}
            </Title>
            <RuleChanges version={data.version} />
          </Stack>
          <Stack gap={4} data-testid="rule-plans">
            <Title order={3} fz="md">
              {t('set.plans')}
            </Title>
            <ResponsiveTable
              rows={data.rules.plans}
              columns={plans}
              rowKey={(p) => p.id}
              emptyText={t('set.noPlans')}
              minWidth={640}
              heading={(p) => <Text fw={600}>{p.name}</Text>}
            />
          </Stack>
          <Stack gap={4}>
            <Title order={3} fz="md">
              {t('set.settings')}
            </Title>
            {phone ? (
              <SimpleGrid cols={1} spacing={6} data-testid="rule-settings">
                {settingsLines(data.rules.settings).map((l) => (
                  <div key={l.key}>
                    <Text size="xs" c="dimmed" fw={600}>
                      {l.label}
                    </Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {l.value}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            ) : (
              <Table
                striped
                fz="sm"
                verticalSpacing={4}
                data-testid="rule-settings"
                aria-label={t('set.settings')}
              >
                <Table.Tbody>
                  {settingsLines(data.rules.settings).map((l) => (
                    <Table.Tr key={l.key}>
                      <Table.Td>{l.label}</Table.Td>
                      <Table.Td fw={600}>{l.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
