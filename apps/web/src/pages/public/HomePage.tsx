import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconAward,
  IconCoin,
  IconHierarchy2,
  IconPlayerPlay,
  IconShieldCheck,
  IconUserPlus,
  IconWallet,
} from '@tabler/icons-react';
import { lazy, type ReactNode } from 'react';
import { Link } from 'react-router';
import english from '../../i18n/en/home.json';
import { englishNamespace, useT } from '../../i18n/i18n';
import { RichText } from '../../i18n/RichText';
import { PlansSkeleton } from '../../modules/plans/components/PlansSkeleton';
import { formatMoney } from '../../ui/moneyFormat';
import { useDocumentTitle } from '../../ui/PageShell';
import { WhenVisible } from '../../ui/WhenVisible';

const NS = englishNamespace('home', english);

// The plans (their read, the contracts that check it, the cards) load when the section comes near the
// screen: below the fold on a phone, they are not part of the landing page's first download (decision 0046).
const PlansSection = lazy(() =>
  import('../../modules/plans/components/PlansSection').then(
    (m) => ({ default: m.PlansSection }),
    () => ({ default: PlansUnavailable }),
  ),
);

/** When the plans' code cannot be downloaded (offline): the section says so, the page stays. */
function PlansUnavailable() {
  const { t } = useT(NS);
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('plansUnavailable.title')}>
      {t('plansUnavailable.body')}
    </Alert>
  );
}

const levelPercents = ['10', '5', '4', '3', '2', '1', '1', '1', '1', '1'].map((percent, i) => ({
  level: i + 1,
  percent,
}));
const levelTable = { borderCollapse: 'collapse', borderSpacing: 0 } as const;
const salaryTiers = [
  { directs: 5, amount: '25' },
  { directs: 10, amount: '60' },
  { directs: 25, amount: '150' },
  { directs: 50, amount: '400' },
];

function Section({ id, eyebrow, title, intro, children, bg }: SectionProps) {
  return (
    <Box component="section" id={id} py={{ base: 48, md: 80 }} bg={bg}>
      <Container size="lg">
        <Stack gap={6} mb={{ base: 'lg', md: 'xl' }} maw={720}>
          <Text c="indigo" fw={700} tt="uppercase" size="sm">
            {eyebrow}
          </Text>
          <Title order={2} fz={{ base: 26, md: 36 }}>
            {title}
          </Title>
          {intro !== undefined && (
            <Text c="dimmed" size="lg">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

interface SectionProps {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  bg?: string;
  children: ReactNode;
}

interface IncomeCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

function IncomeCard({ icon, title, children }: IncomeCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={3} fz="lg">
          {title}
        </Title>
      </Group>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

export default function HomePage() {
  const { t } = useT(NS);
  useDocumentTitle(t('documentTitle'));
  return (
    <>
      <Box
        component="section"
        py={{ base: 56, md: 104 }}
        style={{
          background:
            'radial-gradient(circle at 80% 0%, var(--mantine-color-cyan-1), transparent 50%), linear-gradient(160deg, var(--mantine-color-indigo-0), white 70%)',
        }}
      >
        <Container size="lg">
          <Stack gap="lg" maw={680}>
            <Text c="indigo" fw={700} tt="uppercase" size="sm">
              {t('hero.eyebrow')}
            </Text>
            <Title order={1} fz={{ base: 34, sm: 44, md: 56 }} lh={1.1}>
              {t('hero.title')}
            </Title>
            <Text size="lg" c="dimmed">
              {t('hero.body')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/registration" size="md" leftSection={<IconUserPlus size={18} />}>
                {t('cta.register')}
              </Button>
              <Button component={Link} to="/login" size="md" variant="default">
                {t('cta.signIn')}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {t('hero.referral')}
            </Text>
          </Stack>
        </Container>
      </Box>

      <Section id="plans" eyebrow={t('plans.eyebrow')} title={t('plans.title')} intro={t('plans.intro')}>
        <WhenVisible placeholder={<PlansSkeleton />}>
          <PlansSection />
        </WhenVisible>
      </Section>

      <Section
        id="income"
        eyebrow={t('income.eyebrow')}
        title={t('income.title')}
        intro={t('income.intro')}
        bg="gray.0"
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <IncomeCard icon={<IconPlayerPlay size={22} />} title={t('income.roiTitle')}>
            <Text size="sm">{t('income.roiBody')}</Text>
          </IncomeCard>
          <IncomeCard icon={<IconHierarchy2 size={22} />} title={t('income.levelTitle')}>
            <Text size="sm">{t('income.levelBody')}</Text>
            {/* Drawn as Mantine's Table (no row borders, 2 px rows) looks; its component would bring the
                scroll area and the floating-ui library to the landing page (decision 0046). */}
            <Box component="table" w="100%" fz="sm" lh="var(--mantine-line-height)" style={levelTable}>
              <tbody>
                {[0, 5].map((start) => (
                  <tr key={start}>
                    {levelPercents.slice(start, start + 5).map((l) => (
                      <Box component="td" key={l.level} ta="center" py={2} px="xs">
                        <Text size="xs" c="dimmed">
                          {t('income.level', { level: l.level })}
                        </Text>
                        <Text fw={700} size="sm">
                          {l.percent}%
                        </Text>
                      </Box>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Box>
          </IncomeCard>
          <IncomeCard icon={<IconUserPlus size={22} />} title={t('income.directTitle')}>
            <Text size="sm">{t('income.directBody')}</Text>
          </IncomeCard>
          <IncomeCard icon={<IconWallet size={22} />} title={t('income.salaryTitle')}>
            <Text size="sm">{t('income.salaryBody')}</Text>
            <SimpleGrid cols={2} spacing={6}>
              {salaryTiers.map((tier) => (
                <Text key={tier.directs} size="sm">
                  <RichText
                    text={t('income.salaryTier', { directs: tier.directs, amount: `$${tier.amount}` })}
                    components={{ b: <b /> }}
                  />
                </Text>
              ))}
            </SimpleGrid>
          </IncomeCard>
          <IncomeCard icon={<IconAward size={22} />} title={t('income.rewardsTitle')}>
            <Text size="sm">{t('income.rewardsBody')}</Text>
          </IncomeCard>
          <IncomeCard icon={<IconShieldCheck size={22} />} title={t('income.capTitle')}>
            <Text size="sm">{t('income.capBody')}</Text>
          </IncomeCard>
        </SimpleGrid>
      </Section>

      <Section id="token" eyebrow={t('token.eyebrow')} title={t('token.title')} intro={t('token.intro')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="lg" padding="lg">
            <Group gap="sm" mb="sm">
              <ThemeIcon size={40} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
                <IconCoin size={22} />
              </ThemeIcon>
              <div>
                <Text fw={700}>{t('token.startingPrice')}</Text>
                <Text fz={28} fw={800} ff="monospace">
                  {formatMoney('0.008', 'price')}
                </Text>
              </div>
            </Group>
            <Text size="sm" c="dimmed">
              {t('token.priceBody')}
            </Text>
          </Card>
          <Stack gap="sm" justify="center">
            <Text size="sm">
              <RichText text={t('token.formula')} components={{ b: <b /> }} />
            </Text>
            <Text size="sm">
              <RichText text={t('token.portfolio')} components={{ b: <b /> }} />
            </Text>
          </Stack>
        </SimpleGrid>
      </Section>

      <Section id="start" eyebrow={t('start.eyebrow')} title={t('start.title')} bg="gray.0">
        <Stack gap="lg">
          <Group gap="sm">
            <Button component={Link} to="/registration" size="md">
              {t('cta.register')}
            </Button>
            <Button component={Link} to="/login" size="md" variant="default">
              {t('cta.signIn')}
            </Button>
          </Group>
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('start.risksTitle')}
          >
            <RichText
              text={t('start.risks')}
              components={{ terms: <Link to="/terms" />, privacy: <Link to="/privacy" /> }}
            />
          </Alert>
        </Stack>
      </Section>
    </>
  );
}
