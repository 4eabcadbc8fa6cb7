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
import { PlansSkeleton } from '../../modules/plans/components/PlansSkeleton';
import { useDocumentTitle } from '../../ui/PageShell';
import { WhenVisible } from '../../ui/WhenVisible';

// The plans (their read, the contracts that check it, the cards) load when the section comes near the
// screen: below the fold on a phone, they are not part of the landing page's first download (issue 10).
const PlansSection = lazy(() =>
  import('../../modules/plans/components/PlansSection').then(
    (m) => ({ default: m.PlansSection }),
    () => ({ default: PlansUnavailable }),
  ),
);

/** When the plans' code cannot be downloaded (offline): the section says so, the page stays. */
function PlansUnavailable() {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Plans could not be loaded">
      Check your connection and reload the page.
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
  useDocumentTitle('Plans, daily ROI and referral income');
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
              Member plans · Referral income · SGX token
            </Text>
            <Title order={1} fz={{ base: 34, sm: 44, md: 56 }} lh={1.1}>
              Pick a plan, claim your daily ROI, grow a team.
            </Title>
            <Text size="lg" c="dimmed">
              SocialGenX pays a daily return on your plan when you watch a short video, and rewards you for
              the members you bring in across ten levels. Every amount is booked in an exact ledger you can
              follow.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/registration" size="md" leftSection={<IconUserPlus size={18} />}>
                Create your account
              </Button>
              <Button component={Link} to="/login" size="md" variant="default">
                Sign in
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              Have a referral link? Open it and your sponsor's code is filled in for you.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Section
        id="plans"
        eyebrow="Plans"
        title="Choose the plan that fits you"
        intro="Activate a plan from your deposit wallet. Its daily ROI and sponsor bonus are set per plan."
      >
        <WhenVisible placeholder={<PlansSkeleton />}>
          <PlansSection />
        </WhenVisible>
      </Section>

      <Section
        id="income"
        eyebrow="How income works"
        title="Six ways your plan and your team earn"
        intro="All income goes to your wallets, counts towards your earning cap, and can be withdrawn to your BEP20 or TRC20 address."
        bg="gray.0"
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <IncomeCard icon={<IconPlayerPlay size={22} />} title="Daily ROI: watch and earn">
            <Text size="sm">
              Once a day, watch a short video (10 seconds) and claim your plan's daily ROI: plan amount times
              the plan's daily rate. A day you do not claim is not paid.
            </Text>
          </IncomeCard>
          <IncomeCard icon={<IconHierarchy2 size={22} />} title="Level income, 10 levels">
            <Text size="sm">
              When someone in your team claims their ROI, you earn a share of it. You unlock one level for
              each active direct referral.
            </Text>
            {/* Drawn as Mantine's Table (no row borders, 2 px rows) looks; its component would bring the
                scroll area and the floating-ui library to the landing page (issue 10). */}
            <Box component="table" w="100%" fz="sm" lh="var(--mantine-line-height)" style={levelTable}>
              <tbody>
                {[0, 5].map((start) => (
                  <tr key={start}>
                    {levelPercents.slice(start, start + 5).map((l) => (
                      <Box component="td" key={l.level} ta="center" py={2} px="xs">
                        <Text size="xs" c="dimmed">
                          L{l.level}
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
          <IncomeCard icon={<IconUserPlus size={22} />} title="Direct sponsor bonus">
            <Text size="sm">
              Each time a member you referred activates or tops up a plan, you receive that plan's sponsor
              bonus percentage of the amount.
            </Text>
          </IncomeCard>
          <IncomeCard icon={<IconWallet size={22} />} title="Monthly salary">
            <Text size="sm">Paid once a month while you keep enough active direct referrals:</Text>
            <SimpleGrid cols={2} spacing={6}>
              {salaryTiers.map((t) => (
                <Text key={t.directs} size="sm">
                  <b>{t.directs}</b> directs: <b>${t.amount}</b>
                </Text>
              ))}
            </SimpleGrid>
          </IncomeCard>
          <IncomeCard icon={<IconAward size={22} />} title="Ranks and rewards">
            <Text size="sm">
              Reach a rank's team-business target inside its time window and claim its reward. No single leg
              counts for more than half of the target.
            </Text>
          </IncomeCard>
          <IncomeCard icon={<IconShieldCheck size={22} />} title="The 3x earning cap">
            <Text size="sm">
              Your total earnings (ROI, level, direct, salary and rewards) stop at three times your plan
              amount. A top-up raises the cap and opens your income again.
            </Text>
          </IncomeCard>
        </SimpleGrid>
      </Section>

      <Section
        id="token"
        eyebrow="SGX token"
        title="A token priced by its own supply"
        intro="SGX is the platform's token. You buy and sell it with your deposit wallet; its price follows a bonding curve."
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Card withBorder radius="lg" padding="lg">
            <Group gap="sm" mb="sm">
              <ThemeIcon size={40} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan' }}>
                <IconCoin size={22} />
              </ThemeIcon>
              <div>
                <Text fw={700}>Starting price</Text>
                <Text fz={28} fw={800} ff="monospace">
                  $0.008
                </Text>
              </div>
            </Group>
            <Text size="sm" c="dimmed">
              The price rises as more tokens are in circulation and falls as they are sold back. The price you
              are quoted comes from the server at the moment you trade.
            </Text>
          </Card>
          <Stack gap="sm" justify="center">
            <Text size="sm">
              <b>How the price is formed:</b> price = base price × multiplier × (1 + circulating supply ÷
              total supply). A buy costs the area under that curve, so buying and selling the same amount
              gives back the same money less fees: no round trip makes money.
            </Text>
            <Text size="sm">
              <b>Your portfolio:</b> holdings, average buy price, amount invested and profit or loss, always
              computed in exact amounts.
            </Text>
          </Stack>
        </SimpleGrid>
      </Section>

      <Section id="start" eyebrow="Get started" title="Ready when you are" bg="gray.0">
        <Stack gap="lg">
          <Group gap="sm">
            <Button component={Link} to="/registration" size="md">
              Create your account
            </Button>
            <Button component={Link} to="/login" size="md" variant="default">
              Sign in
            </Button>
          </Group>
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Know the risks">
            Returns are not guaranteed. Plans, income and token prices can change, and you can lose money you
            put in. Only use money you can afford to lose, and read the <Link to="/terms">terms</Link> and the{' '}
            <Link to="/privacy">privacy notice</Link> first.
          </Alert>
        </Stack>
      </Section>
    </>
  );
}
