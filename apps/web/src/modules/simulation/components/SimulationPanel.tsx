import {
  Alert,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { SimulationRecord, SimulationResult } from '@sgx/contracts';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { formatDate, formatNumber } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import { type ResponsiveColumn, ResponsiveTable } from '../../../ui/ResponsiveTable';
import { SIMULATION_NS } from '../i18n';
import { changeOf, signOf } from '../simulationView';

export interface SimulationPanelProps {
  simulation: SimulationRecord;
  /** Offered when the run failed: starts it again. */
  onRunAgain?: (() => void) | undefined;
  runningAgain?: boolean;
}

type Kind = SimulationResult['kinds'][number];
type Member = SimulationResult['top_changes'][number];
type Scenario = NonNullable<SimulationResult['runway']>['scenarios'][number];

const DEFAULT_DAYS = 90;

/** An amount that moves: red when it falls, teal when it rises, with its sign. */
function Change({ value, fw = 600 }: { value: string; fw?: number }) {
  const sign = signOf(value);
  return (
    <Money
      value={value}
      fw={fw}
      c={sign < 0 ? 'red' : sign > 0 ? 'teal' : undefined}
      data-testid="simulation-change"
    />
  );
}

/** One figure with, under it, what it means (as the solvency report shows its figures). */
function Figure({
  label,
  children,
  help,
  testId,
}: {
  label: string;
  children: ReactNode;
  help: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" padding="sm" h="100%" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}
      </Text>
      <Text fw={800} fz="lg" data-testid="value" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {help}
      </Text>
    </Card>
  );
}

/**
 * A plan-change simulation (decision 0069): its progress while it runs, its error if it failed, and when done what
 * the last days of real claims would have paid under the proposed rules against the current ones, by income kind,
 * how faithful the replay is, the members reaching the cap and changing most, and the runway per scenario.
 */
export function SimulationPanel({ simulation: s, onRunAgain, runningAgain = false }: SimulationPanelProps) {
  const { t } = useT(SIMULATION_NS);
  const unmodelled = s.proposal.unmodelled ?? [];
  return (
    <Stack gap="sm" data-testid="simulation-panel" data-status={s.status}>
      {unmodelled.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle size={18} />}
          data-testid="simulation-unmodelled"
        >
          {t('panel.unmodelled', { names: unmodelled.join(', ') })}
        </Alert>
      )}
      {(s.status === 'queued' || s.status === 'running') && (
        <Stack gap={6} data-testid="simulation-progress">
          <Text size="sm">{t('panel.running', { days: s.proposal.days ?? DEFAULT_DAYS })}</Text>
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={s.progress}
              aria-label={t('panel.progressLabel')}
              size="lg"
              radius="xl"
              animated
              style={{ flex: 1 }}
            />
            <Text size="sm" fw={700} ff="monospace" data-testid="simulation-percent">
              {t('panel.percent', { n: s.progress })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {s.status === 'queued' ? t('panel.queued') : t('panel.runningNote')}
          </Text>
        </Stack>
      )}
      {s.status === 'failed' && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={t('panel.failedTitle')}
          role="alert"
          data-testid="simulation-failed"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {s.error === null ? t('panel.failedUnknown') : serverText(s.error)}
            </Text>
            {onRunAgain !== undefined && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconRefresh size={14} />}
                onClick={onRunAgain}
                loading={runningAgain}
              >
                {t('panel.runAgain')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {s.status === 'done' && s.result !== null && <Result result={s.result} />}
    </Stack>
  );
}

function Result({ result: r }: { result: SimulationResult }) {
  const { t } = useT(SIMULATION_NS);
  const total = changeOf(r.totals.replayed_current, r.totals.replayed_proposed);
  return (
    <Stack gap="sm" data-testid="simulation-result">
      <Text size="sm" c="dimmed">
        {t('panel.window', {
          days: r.window.days,
          from: formatDate(r.window.from),
          to: formatDate(r.window.to),
          versions: r.versions_in_force,
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Figure label={t('totals.current')} help={t('totals.currentHelp')} testId="simulation-total-current">
          <Money value={r.totals.replayed_current} />
        </Figure>
        <Figure
          label={t('totals.proposed')}
          help={t('totals.proposedHelp')}
          testId="simulation-total-proposed"
        >
          <Money value={r.totals.replayed_proposed} />
        </Figure>
        <Figure label={t('totals.change')} help={t('totals.changeHelp')} testId="simulation-total-change">
          <Change value={total} fw={800} />
        </Figure>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('totals.actual')} <Money value={r.totals.actual} fw={600} c="var(--mantine-color-text)" />
      </Text>
      <Fidelity fidelity={r.fidelity} />
      <Kinds kinds={r.kinds} />
      <Figure label={t('cap.title')} help={t('cap.help')} testId="simulation-cap">
        {t('cap.value', {
          current: formatNumber(r.cap_reached.current),
          proposed: formatNumber(r.cap_reached.proposed),
        })}
      </Figure>
      <TopChanges members={r.top_changes} />
      <Runway runway={r.runway} />
    </Stack>
  );
}

function Fidelity({ fidelity: f }: { fidelity: SimulationResult['fidelity'] }) {
  const { t } = useT(SIMULATION_NS);
  return (
    <Stack gap={4} data-testid="simulation-fidelity">
      <div>
        <Badge
          color={f.exact ? 'teal' : 'yellow'}
          variant="light"
          size="lg"
          leftSection={f.exact ? <IconCircleCheck size={14} /> : <IconAlertCircle size={14} />}
          style={{ maxWidth: '100%', height: 'auto', whiteSpace: 'normal', textTransform: 'none' }}
        >
          {f.exact
            ? t('fidelity.exact')
            : t('fidelity.differs', { members: formatNumber(f.members_differing) })}
        </Badge>
      </div>
      <Text size="sm" c="dimmed">
        {f.exact ? t('fidelity.exactHelp') : t('fidelity.differsHelp')}
        {!f.exact && (
          <>
            {' '}
            <Money value={f.difference} fw={600} />
          </>
        )}
      </Text>
    </Stack>
  );
}

function Kinds({ kinds }: { kinds: readonly Kind[] }) {
  const { t } = useT(SIMULATION_NS);
  const name = (k: Kind) => t(`kinds.names.${k.income_type}`);
  const columns: ResponsiveColumn<Kind>[] = [
    {
      key: 'kind',
      header: t('kinds.kind'),
      hideOnPhone: true,
      render: (k) => <KindName kind={k} name={name(k)} />,
    },
    { key: 'actual', header: t('kinds.actual'), nowrap: true, render: (k) => <Money value={k.actual} /> },
    {
      key: 'current',
      header: t('kinds.current'),
      nowrap: true,
      render: (k) => <Money value={k.replayed_current} />,
    },
    {
      key: 'proposed',
      header: t('kinds.proposed'),
      nowrap: true,
      render: (k) => <Money value={k.replayed_proposed} />,
    },
    {
      key: 'change',
      header: t('kinds.change'),
      nowrap: true,
      render: (k) => <Change value={changeOf(k.replayed_current, k.replayed_proposed)} />,
    },
  ];
  return (
    <Stack gap={4} data-testid="simulation-kinds">
      <Text fw={700} size="sm">
        {t('kinds.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('kinds.description')}
      </Text>
      <ResponsiveTable
        rows={kinds}
        columns={columns}
        rowKey={(k) => k.income_type}
        minWidth={520}
        heading={(k) => <KindName kind={k} name={name(k)} />}
      />
    </Stack>
  );
}

function KindName({ kind, name }: { kind: Kind; name: string }) {
  const { t } = useT(SIMULATION_NS);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      {!kind.replayed && (
        <Text size="xs" c="dimmed" data-testid="simulation-carried">
          {t('kinds.carried')}
        </Text>
      )}
    </Stack>
  );
}

function TopChanges({ members }: { members: readonly Member[] }) {
  const { t } = useT(SIMULATION_NS);
  const [open, setOpen] = useState(false);
  const who = (m: Member) => m.username ?? `#${m.member_id}`;
  const columns: ResponsiveColumn<Member>[] = [
    { key: 'member', header: t('top.member'), hideOnPhone: true, render: (m) => who(m) },
    { key: 'current', header: t('top.current'), nowrap: true, render: (m) => <Money value={m.current} /> },
    {
      key: 'proposed',
      header: t('top.proposed'),
      nowrap: true,
      render: (m) => <Money value={m.proposed} />,
    },
    { key: 'change', header: t('top.change'), nowrap: true, render: (m) => <Change value={m.change} /> },
  ];
  return (
    <Stack gap={4} data-testid="simulation-top">
      <Text fw={700} size="sm">
        {t('top.title')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('top.help')}
      </Text>
      {members.length === 0 ? (
        <Text size="sm">{t('top.none')}</Text>
      ) : (
        <>
          <div>
            <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
              {open ? t('top.hide') : t('top.show', { n: members.length })}
            </Button>
          </div>
          <Collapse expanded={open}>
            {open && (
              <ResponsiveTable
                rows={members}
                columns={columns}
                rowKey={(m) => m.member_id}
                minWidth={440}
                heading={(m) => (
                  <Text size="sm" fw={600} ff="monospace">
                    {who(m)}
                  </Text>
                )}
              />
            )}
          </Collapse>
        </>
      )}
    </Stack>
  );
}

function Runway({ runway }: { runway: SimulationResult['runway'] }) {
  const { t } = useT(SIMULATION_NS);
  const point = (p: Scenario['current']) => (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {t('runway.days', { n: formatNumber(p.days_covered) })}
      </Text>
      <Text size="xs" c="dimmed">
        {p.first_short_day === null
          ? t('runway.never')
          : t('runway.short', { day: formatDate(p.first_short_day) })}
      </Text>
    </Stack>
  );
  const columns: ResponsiveColumn<Scenario>[] = [
    {
      key: 'scenario',
      header: t('runway.scenario'),
      hideOnPhone: true,
      render: (s) => t(`runway.names.${s.scenario}`),
    },
    { key: 'current', header: t('runway.current'), render: (s) => point(s.current) },
    { key: 'proposed', header: t('runway.proposed'), render: (s) => point(s.proposed) },
  ];
  return (
    <Stack gap={4} data-testid="simulation-runway">
      <Text fw={700} size="sm">
        {t('runway.title')}
      </Text>
      {runway === null ? (
        <Text size="sm" c="dimmed" data-testid="simulation-no-runway">
          {t('runway.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('runway.description', { day: formatDate(runway.report_day) })}
          </Text>
          <ResponsiveTable
            rows={runway.scenarios}
            columns={columns}
            rowKey={(s) => s.scenario}
            minWidth={420}
            heading={(s) => (
              <Text size="sm" fw={700}>
                {t(`runway.names.${s.scenario}`)}
              </Text>
            )}
          />
          <Text size="sm">
            {t('runway.headroom')} <Money value={runway.headroom_current} fw={600} /> →{' '}
            <Money value={runway.headroom_proposed} fw={600} />
          </Text>
          <Text size="sm" c="dimmed">
            {t('runway.headroomHelp')}
          </Text>
        </>
      )}
    </Stack>
  );
}

export default SimulationPanel;
