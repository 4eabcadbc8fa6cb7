import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { featureSwitches, type Settings, type UpdateSettingsBody } from '@sgx/contracts';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { isApprovalPending } from '../../../ui/ApprovalPendingAlert';
import { SectionCard } from '../../../ui/SectionCard';
import { StaffFieldset, StaffOnly } from '../../../ui/StaffOnly';
import { TableScroll } from '../../../ui/TableScroll';
import { SimulationPreviewDialog } from '../../simulation/components/SimulationPreviewDialog';
import { settingsProposal } from '../../simulation/simulationView';
import { useSaveSettings } from '../api/settingsApi';
import { SETTINGS_NS } from '../i18n';
import {
  checkDraft,
  type DecimalGroup,
  decimalGroups,
  decimalLabel,
  diffSettings,
  featureLabel,
  fixedKeys,
  groupLabel,
  groupText,
  isPoolOrToken,
  type SettingChange,
  type SettingsDraft,
  toDraft,
  wholeLabel,
} from '../settingsDraft';
import { SettingsConfirmDialog } from './SettingsConfirmDialog';

interface NumberFieldProps {
  label: string | undefined;
  /** A longer accessible name when the visible label repeats (tier rows). */
  name?: string;
  unit: string;
  description?: string | undefined;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  whole?: boolean;
}

/** `field`: the label, description, value and error, as TextInput takes them. */
function NumberField({ name, unit, onChange, whole = false, ...field }: NumberFieldProps) {
  return (
    <TextInput
      {...field}
      aria-label={name}
      onChange={(e) => onChange(e.currentTarget.value)}
      inputMode={whole ? 'numeric' : 'decimal'}
      rightSection={
        <Text size="xs" c="dimmed" pr={4}>
          {unit}
        </Text>
      }
      rightSectionWidth={unit.length > 3 ? 64 : 40}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
}

/** Every feature switch and economic number of GET /settings, saved with a reason after a confirmation. */
export function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useT(SETTINGS_NS);
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [review, setReview] = useState<{
    changes: SettingChange[];
    patch: UpdateSettingsBody['settings'];
  } | null>(null);
  const save = useSaveSettings();
  /** An economic change's preview (decision 0069), shown after the reason and before the change is sent. */
  const [preview, setPreview] = useState<{
    proposal: NonNullable<ReturnType<typeof settingsProposal>>;
    reason: string;
  } | null>(null);

  // New settings from the server (after a save or a refetch) replace the draft.
  useEffect(() => {
    setDraft(toDraft(settings));
    setErrors({});
  }, [settings]);

  const checked = checkDraft(draft);
  const pending = checked.ok ? diffSettings(settings, checked.settings).changes.length : null;

  const edit = (change: (d: SettingsDraft) => SettingsDraft, key: string) => {
    setDraft(change);
    if (errors[key] !== undefined) {
      const { [key]: _gone, ...rest } = errors;
      setErrors(rest);
    }
  };
  const setDecimal = (k: string, v: string) =>
    edit((d) => ({ ...d, decimals: { ...d.decimals, [k]: v } }), k);
  const setWhole = (k: string, v: string) => edit((d) => ({ ...d, wholes: { ...d.wholes, [k]: v } }), k);
  const setInGroup = (group: DecimalGroup, k: string, v: string) =>
    edit((d) => ({ ...d, [group]: { ...d[group], [k]: v } }), `${group}.${k}`);
  const setLevel = (i: number, v: string) =>
    edit(
      (d) => ({ ...d, levelPercents: d.levelPercents.map((x, j) => (j === i ? v : x)) }),
      `levelPercents.${i}`,
    );
  const setUnlock = (i: number, v: string) =>
    edit(
      (d) => ({ ...d, levelUnlockDirects: d.levelUnlockDirects.map((x, j) => (j === i ? v : x)) }),
      `levelUnlockDirects.${i}`,
    );
  const setTier = (i: number, field: 'directs' | 'amount', v: string) =>
    edit(
      (d) => ({ ...d, salaryTiers: d.salaryTiers.map((x, j) => (j === i ? { ...x, [field]: v } : x)) }),
      `salaryTiers.${i}.${field}`,
    );

  const onReview = () => {
    const result = checkDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    const diff = diffSettings(settings, result.settings);
    if (diff.changes.length === 0) return;
    save.reset();
    setReview(diff);
  };

  const onConfirm = (reason: string) => {
    if (review === null) return;
    const proposal = settingsProposal(review.patch as Record<string, unknown>, review.changes);
    if (proposal === null) send(reason);
    else setPreview({ proposal, reason });
  };

  const send = (reason: string) => {
    if (review === null) return;
    save.mutate(
      { settings: review.patch, reason },
      {
        onSuccess: (res) => {
          setReview(null);
          toast.success(serverText(res.message), { duration: 3000 });
        },
        // Kept for a second admin: the form shows the settings in force, the dialog says it waits.
        onError: (error) => {
          if (isApprovalPending(error)) setDraft(toDraft(settings));
        },
      },
    );
  };

  const errorCount = Object.keys(errors).length;
  const decimalField = (k: string) => (
    <NumberField
      key={k}
      label={decimalLabel(k).label}
      unit={decimalLabel(k).unit}
      description={decimalLabel(k).description}
      value={draft.decimals[k] ?? ''}
      error={errors[k]}
      onChange={(v) => setDecimal(k, v)}
    />
  );
  const keys = Object.keys(draft.decimals);
  const generalKeys = keys.filter((k) => !isPoolOrToken(k));
  const poolKeys = keys.filter(isPoolOrToken);
  const actions = (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      shadow="sm"
      style={pending !== null && pending > 0 ? { position: 'sticky', bottom: 8, zIndex: 5 } : undefined}
      aria-label={t('form.saveSettings')}
      component="section"
    >
      <Group gap="sm" justify="flex-end" wrap="wrap">
        {pending !== null && pending > 0 && (
          <Badge color="yellow" variant="light" size="lg" data-testid="unsaved-count">
            {t(pending === 1 ? 'form.unsavedOne' : 'form.unsavedMany', { n: pending })}
          </Badge>
        )}
        <Button
          variant="default"
          onClick={() => {
            setDraft(toDraft(settings));
            setErrors({});
          }}
          disabled={pending === 0 && errorCount === 0}
        >
          {t('form.discard')}
        </Button>
        <Button onClick={onReview} disabled={pending === 0}>
          {t('form.review')}
        </Button>
      </Group>
    </Paper>
  );

  return (
    <StaffFieldset area="settings">
      <Stack gap="md">
        {errorCount > 0 && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorCount === 1 ? t('form.fixOne') : t('form.fixMany', { n: errorCount })}
          </Alert>
        )}

        <SectionCard
          title={t('form.featuresTitle')}
          description={t('form.featuresDescription')}
          testId="feature-switches"
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {featureSwitches.map((f) => (
              <Switch
                key={f}
                label={featureLabel(f).label}
                description={featureLabel(f).description}
                checked={draft.features[f]}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  edit((d) => ({ ...d, features: { ...d.features, [f]: on } }), `features.${f}`);
                }}
              />
            ))}
          </SimpleGrid>
        </SectionCard>

        <SectionCard title={t('form.membersTitle')} description={t('form.membersDescription')}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {generalKeys.map((k) => decimalField(k))}
            {fixedKeys.map((k) => (
              <TextInput key={k} label={t(`fixed.${k}`)} value={settings[k]} readOnly variant="filled" />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            {t('form.fixedNote')}
          </Text>
        </SectionCard>

        <SectionCard title={t('form.levelTitle')} description={t('form.levelDescription')}>
          <TableScroll minWidth={300} label={t('form.levels')}>
            <Table verticalSpacing={6} fz="sm" aria-label={t('form.levels')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={56}>{t('form.level')}</Table.Th>
                  <Table.Th>{t('form.percentOfRoi')}</Table.Th>
                  <Table.Th>{t('form.activeDirects')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {draft.levelPercents.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the ten levels are fixed positions
                  <Table.Tr key={i}>
                    <Table.Td fw={600}>{i + 1}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('form.levelPercent', { level: i + 1 })}
                        value={p}
                        onChange={(e) => setLevel(i, e.currentTarget.value)}
                        error={errors[`levelPercents.${i}`]}
                        inputMode="decimal"
                        rightSection={
                          <Text size="xs" c="dimmed">
                            %
                          </Text>
                        }
                        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('form.levelDirects', { level: i + 1 })}
                        value={draft.levelUnlockDirects[i] ?? ''}
                        onChange={(e) => setUnlock(i, e.currentTarget.value)}
                        error={errors[`levelUnlockDirects.${i}`]}
                        inputMode="numeric"
                        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </SectionCard>

        {(Object.keys(decimalGroups) as DecimalGroup[]).map((group) => (
          <SectionCard key={group} title={groupText(group).title} description={groupText(group).description}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {Object.keys(draft[group]).map((k) => (
                <NumberField
                  key={k}
                  label={groupLabel(group, k).label}
                  unit={groupLabel(group, k).unit}
                  value={draft[group][k] ?? ''}
                  error={errors[`${group}.${k}`]}
                  onChange={(v) => setInGroup(group, k, v)}
                />
              ))}
            </SimpleGrid>
          </SectionCard>
        ))}

        <SectionCard
          title={t('form.tiersTitle')}
          description={t('form.tiersDescription')}
          actions={
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                edit(
                  (d) => ({ ...d, salaryTiers: [...d.salaryTiers, { directs: '', amount: '' }] }),
                  'salaryTiers',
                )
              }
            >
              {t('form.addTier')}
            </Button>
          }
        >
          <Stack gap="xs">
            {draft.salaryTiers.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('form.noTiers')}
              </Text>
            )}
            {draft.salaryTiers.map((tier, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: tiers are edited in place by position
              <Group key={i} align="flex-start" gap="sm" wrap="nowrap">
                <SimpleGrid cols={2} spacing="sm" style={{ flex: 1 }}>
                  <NumberField
                    label={i === 0 ? t('form.activeDirects') : undefined}
                    name={t('form.tierDirects', { tier: i + 1 })}
                    unit={t('unit.directs')}
                    whole
                    value={tier.directs}
                    error={errors[`salaryTiers.${i}.directs`]}
                    onChange={(v) => setTier(i, 'directs', v)}
                  />
                  <NumberField
                    label={i === 0 ? t('form.monthlySalary') : undefined}
                    name={t('form.tierSalary', { tier: i + 1 })}
                    unit={t('unit.usd')}
                    value={tier.amount}
                    error={errors[`salaryTiers.${i}.amount`]}
                    onChange={(v) => setTier(i, 'amount', v)}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={i === 0 ? 30 : 6}
                  aria-label={t('form.removeTier', { tier: i + 1 })}
                  onClick={() =>
                    edit(
                      (d) => ({ ...d, salaryTiers: d.salaryTiers.filter((_, j) => j !== i) }),
                      'salaryTiers',
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </SectionCard>

        <SectionCard title={t('form.poolTitle')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {poolKeys.map((k) => decimalField(k))}
          </SimpleGrid>
        </SectionCard>

        {Object.keys(draft.wholes).length > 0 && (
          <SectionCard
            title={t('form.alertsTitle')}
            description={t('form.alertsDescription')}
            testId="settings-alerts"
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {Object.keys(draft.wholes).map((k) => (
                <NumberField
                  key={k}
                  label={wholeLabel(k).label}
                  unit={wholeLabel(k).unit}
                  description={wholeLabel(k).description}
                  whole
                  value={draft.wholes[k] ?? ''}
                  error={errors[k]}
                  onChange={(v) => setWhole(k, v)}
                />
              ))}
            </SimpleGrid>
          </SectionCard>
        )}

        <StaffOnly area="settings">{actions}</StaffOnly>

        <SettingsConfirmDialog
          changes={review?.changes ?? null}
          saving={save.isPending}
          error={save.error}
          onCancel={() => {
            if (!save.isPending) setReview(null);
          }}
          onConfirm={onConfirm}
        />
        <SimulationPreviewDialog
          proposal={preview?.proposal ?? null}
          onCancel={() => setPreview(null)}
          onConfirm={() => {
            if (preview === null) return;
            setPreview(null);
            send(preview.reason);
          }}
        />
      </Stack>
    </StaffFieldset>
  );
}
