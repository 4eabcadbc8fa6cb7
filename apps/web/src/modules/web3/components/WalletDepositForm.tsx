import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  List,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { addressExplorerUrl, chainById, erc20Abi, formatTokenUnits, platformToTokenUnits } from '@sgx/chain';
import { parseUnits } from '@sgx/money';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { Address } from 'viem';
import { useReadContract } from 'wagmi';
import { useT } from '../../../i18n/i18n';
import { AmountInput } from '../../../ui/AmountInput';
import { amountError, amountText } from '../../../ui/amounts';
import { shortText } from '../../../ui/CopyText';
import { LoadError } from '../../../ui/LoadError';
import { useDepositAddresses } from '../../deposit-addresses/api/addressesApi';
import { DepositsNotOpen } from '../../deposit-addresses/components/ReceivingAddress';
import { useChains } from '../api/chainsApi';
import {
  type DepositChainOption,
  depositChainOptions,
  groupTokenText,
  preferredChainId,
  tokenAmountError,
} from '../chainOptions';
import { WEB3_NS, web3Text } from '../i18n';
import type { SentDeposit } from '../sentDeposit';
import { SendFromWalletDialog, type SendPlan } from './SendFromWalletDialog';

interface WalletDepositFormProps {
  userId: number;
  address: string;
  walletChainId: number | undefined;
  onSent: (sent: SentDeposit) => void;
}

/** Choose the chain and the amount; the confirmation shows every detail before the wallet is asked. */
export function WalletDepositForm({ userId, address, walletChainId, onSent }: WalletDepositFormProps) {
  const { t } = useT(WEB3_NS);
  const chains = useChains();
  const addresses = useDepositAddresses();
  const options = useMemo(
    () =>
      chains.data !== undefined && addresses.data !== undefined
        ? depositChainOptions(chains.data.chains, addresses.data)
        : [],
    [chains.data, addresses.data],
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [plan, setPlan] = useState<SendPlan | null>(null);

  const selectedId = chosen ?? preferredChainId(options, walletChainId);
  const option = options.find((o) => o.chain.id === selectedId && o.available);
  const token = option?.chain.token;

  const balance = useReadContract({
    address: token?.address as Address | undefined,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Address],
    chainId: option?.chain.id,
    query: { enabled: option !== undefined, retry: 1 },
  });
  const balanceUnits = typeof balance.data === 'bigint' ? balance.data : undefined;

  if (chains.isError || addresses.isError) {
    return (
      <LoadError
        title={t('form.loadError')}
        error={chains.error ?? addresses.error}
        onRetry={() => {
          void chains.refetch();
          void addresses.refetch();
        }}
      />
    );
  }
  if (chains.isPending || addresses.isPending) return <Skeleton h={260} radius="lg" />;

  const unavailable = options.filter((o) => !o.available);
  // No EVM receiving address at all: nothing to send to from a wallet.
  if (options.every((o) => o.address === undefined))
    return <DepositsNotOpen network={t('manual.evmChains')} />;
  if (option === undefined && options.every((o) => !o.available)) {
    return (
      <Alert color="orange" title={t('form.notPossible')} role="alert">
        <List size="sm">
          {unavailable.map((o) => (
            <List.Item key={o.chain.id}>{o.reason}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }

  const problem = option === undefined ? t('form.chooseChain') : amountProblem(amount, option, balanceUnits);
  const showProblem = touched && amount !== '' ? problem : null;
  const nativeSymbol = option !== undefined ? chainById(option.chain.id)?.nativeCurrency.symbol : undefined;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem !== null || option === undefined || option.address === undefined) return;
    const value = amountText(amount);
    setPlan({
      userId,
      from: address,
      chain: option.chain,
      to: option.address.address,
      amount: value,
      tokenUnits: platformToTokenUnits(parseUnits(value), option.chain.token.decimals),
    });
  };

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={t('form.title')}>
      <form onSubmit={submit} noValidate aria-label={t('form.formLabel')}>
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t('form.title')}
          </Title>
          <Select
            label={t('form.chain')}
            description={t('form.chainHint')}
            data={options.map((o) => ({
              value: String(o.chain.id),
              label: o.chain.name,
              disabled: !o.available,
            }))}
            value={selectedId === null ? null : String(selectedId)}
            onChange={(v) => setChosen(v === null ? null : Number(v))}
            allowDeselect={false}
            checkIconPosition="right"
          />
          {unavailable.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('form.notAvailable', { reasons: unavailable.map((o) => o.reason).join(' ') })}
            </Text>
          )}
          {option !== undefined && (
            <Stack gap={4}>
              <DetailLine label={t('form.token')}>
                {option.chain.token.symbol} ·{' '}
                <ExplorerAddress chainId={option.chain.id} address={option.chain.token.address} />
              </DetailLine>
              <DetailLine label={t('form.sentTo')}>
                <ExplorerAddress chainId={option.chain.id} address={option.address?.address ?? ''} />
              </DetailLine>
              <DetailLine label={t('form.inWallet')}>
                {balance.isPending ? (
                  <Skeleton h={14} w={120} display="inline-block" />
                ) : balanceUnits !== undefined ? (
                  <span data-testid="wallet-token-balance">
                    {groupTokenText(formatTokenUnits(balanceUnits, option.chain.token.decimals))}{' '}
                    {option.chain.token.symbol}
                  </span>
                ) : (
                  <Text span size="sm" c="dimmed">
                    {t('form.unreadable')}
                  </Text>
                )}
              </DetailLine>
            </Stack>
          )}
          <AmountInput
            label={t('form.amount', { symbol: option?.chain.token.symbol ?? 'USDT' })}
            description={t('form.amountHint')}
            unit={option?.chain.token.symbol ?? 'USDT'}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={showProblem}
          />
          {option !== undefined && (
            <Alert variant="light" color="indigo" icon={<IconInfoCircle size={18} />}>
              {option.chain.verified
                ? t('form.readByUs', { chain: option.chain.name, confirmations: option.chain.confirmations })
                : t('form.byTeam', { chain: option.chain.name })}
              {nativeSymbol !== undefined && ` ${t('form.fee', { symbol: nativeSymbol })}`}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} />} disabled={option === undefined}>
              {t('form.review')}
            </Button>
          </Group>
        </Stack>
      </form>
      <SendFromWalletDialog
        plan={plan}
        onClose={() => setPlan(null)}
        onSent={(sent) => {
          setPlan(null);
          setAmount('');
          setTouched(false);
          onSent(sent);
          void balance.refetch();
        }}
      />
    </Card>
  );
}

function amountProblem(
  amount: string,
  option: DepositChainOption,
  balance: bigint | undefined,
): string | null {
  const basic = amountError(amount);
  if (basic !== null) return basic;
  const { decimals, symbol } = option.chain.token;
  const tokenProblem = tokenAmountError(amount, decimals, symbol);
  if (tokenProblem !== null) return tokenProblem;
  if (balance !== undefined && platformToTokenUnits(parseUnits(amountText(amount)), decimals) > balance) {
    return web3Text('form.holdsOnly', {
      amount: groupTokenText(formatTokenUnits(balance, decimals)),
      symbol,
      chain: option.chain.name,
    });
  }
  return null;
}

function DetailLine({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw={96}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

function ExplorerAddress({ chainId, address }: { chainId: number; address: string }) {
  const url = address === '' ? undefined : addressExplorerUrl(chainId, address);
  const text = shortText(address, 8, 6);
  return url === undefined ? (
    <Text span size="sm" ff="monospace">
      {text}
    </Text>
  ) : (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace" title={address}>
      {text}
    </Anchor>
  );
}
