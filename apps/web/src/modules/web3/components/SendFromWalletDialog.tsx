import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { chainName, erc20Abi, formatTokenUnits } from '@sgx/chain';
import type { ChainConfig } from '@sgx/contracts';
import type { Address } from 'viem';
import { useWriteContract } from 'wagmi';
import { useT } from '../../../i18n/i18n';
import { RichText } from '../../../i18n/RichText';
import { newIdempotencyKey } from '../../../ui/idempotency';
import { formatMoney } from '../../../ui/Money';
import { groupTokenText } from '../chainOptions';
import { useSwitchThenSend } from '../hooks/useSwitchThenSend';
import { WEB3_NS } from '../i18n';
import type { SentDeposit } from '../sentDeposit';
import { MissingChainDialog } from './AddChainDialog';
import { WalletStageNotice } from './WalletStageNotice';

/** Everything the confirmation shows and the wallet is asked to do. */
export interface SendPlan {
  userId: number;
  from: string;
  chain: ChainConfig;
  /** The platform's receiving address on this chain. */
  to: string;
  /** Decimal text, 8 decimals: what is reported and credited. */
  amount: string;
  /** The same amount in the token's own units: what the transfer moves. */
  tokenUnits: bigint;
}

interface SendFromWalletDialogProps {
  plan: SendPlan | null;
  onClose: () => void;
  onSent: (sent: SentDeposit) => void;
}

/**
 * The confirmation before money leaves the wallet: chain, token contract, receiving address and the exact
 * amount. Confirming switches the wallet's chain when needed and asks it for one ERC-20 transfer.
 */
export function SendFromWalletDialog({ plan, onClose, onSent }: SendFromWalletDialogProps) {
  const { t } = useT(WEB3_NS);
  const writeContract = useWriteContract();
  const { walletChainId, stage, busy, error, clearError, run, chainSwitch } = useSwitchThenSend();

  const close = () => {
    if (busy) return;
    clearError();
    onClose();
  };

  const send = async () => {
    if (plan === null || busy) return;
    const target = plan.chain.id;
    const hash = await run(target, () =>
      writeContract.mutateAsync({
        address: plan.chain.token.address as Address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [plan.to as Address, plan.tokenUnits],
        chainId: target,
        account: plan.from as Address,
      }),
    );
    if (hash === null) return;
    // The money is on its way: from here the hash is reported and never lost.
    onSent({
      userId: plan.userId,
      hash,
      chainId: target,
      amount: plan.amount,
      requiredConfirmations: plan.chain.confirmations,
      key: newIdempotencyKey(),
      reported: false,
    });
  };

  const symbol = plan?.chain.token.symbol ?? 'USDT';
  return (
    <>
      <Modal
        opened={plan !== null && chainSwitch.missing === null}
        onClose={close}
        title={t('send.title')}
        centered
        closeOnClickOutside={!busy}
        closeOnEscape={!busy}
        withCloseButton={!busy}
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
      >
        {plan !== null && (
          <Stack gap="sm">
            <Text size="sm">
              <RichText
                text={t('send.exactly')}
                components={{
                  amount: (
                    <b data-testid="send-amount">
                      {groupTokenText(formatTokenUnits(plan.tokenUnits, plan.chain.token.decimals))} {symbol}
                    </b>
                  ),
                  credit: <b>{formatMoney(plan.amount)}</b>,
                }}
              />
            </Text>
            <Field label={t('send.chain')}>{plan.chain.name}</Field>
            <Field label={t('send.tokenContract', { symbol })} mono>
              {plan.chain.token.address}
            </Field>
            <Field label={t('send.receiving')} mono>
              {plan.to}
            </Field>
            <Field label={t('send.from')} mono>
              {plan.from}
            </Field>
            {walletChainId !== plan.chain.id && (
              <Text size="sm" c="dimmed">
                {t('send.switchFirst', {
                  network: walletChainId === undefined ? t('send.anotherNetwork') : chainName(walletChainId),
                  chain: plan.chain.name,
                })}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('send.irreversible')}
            </Text>
            <WalletStageNotice stage={stage} error={error} sendText={t('send.confirmInWallet')} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('dialog.goBack')}
              </Button>
              <Button onClick={() => void send()} loading={busy}>
                {error !== null ? t('dialog.tryAgain') : t('send.sendSymbol', { symbol })}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <MissingChainDialog chainSwitch={chainSwitch} />
    </>
  );
}

function Field({
  label,
  mono = false,
  children,
}: {
  label: string;
  mono?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </Stack>
  );
}
