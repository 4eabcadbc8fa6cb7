import { Code, List, Modal, Stack, Text, Title } from '@mantine/core';
import { formatToken } from '@sgx/money';
import { useT } from '../../../i18n/i18n';
import { formatDateTime, localiseDecimal } from '../../../ui/format';
import { Money } from '../../../ui/Money';
import type { TokenInfo } from '../api/tokenApi';
import { TOKEN_NS } from '../i18n';
import { curvePrice, formatMultiplier, formatPriceUnits, unitsOf } from '../tokenMath';
import { Price, SummaryTable } from './TokenDisplay';

/** Token Info (business-rules 9): the token's facts and how its price is formed. */
export function TokenInfoDialog({ token, onClose }: { token: TokenInfo; onClose: () => void }) {
  const { t } = useT(TOKEN_NS);
  const base = unitsOf(token.base_price) ?? 0n;
  const multiplier = unitsOf(token.price_multiplier) ?? 0n;
  const supply = unitsOf(token.total_supply) ?? 0n;
  const circulating = unitsOf(token.circulating_supply) ?? 0n;
  const formula = curvePrice(base, multiplier, supply, circulating);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('info.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <Stack gap="md">
        <SummaryTable
          label={t('info.facts')}
          rows={[
            { label: t('info.name'), value: token.name },
            { label: t('info.symbol'), value: token.symbol },
            { label: t('info.currentPrice'), value: <Price value={token.current_price} /> },
            { label: t('info.totalSupply'), value: <Money value={token.total_supply} kind="token" /> },
            {
              label: t('info.inCirculation'),
              value: <Money value={token.circulating_supply} kind="token" />,
            },
            { label: t('info.available'), value: <Money value={token.available_tokens} kind="token" /> },
            { label: t('info.basePrice'), value: <Price value={token.base_price} /> },
            { label: t('info.multiplier'), value: formatMultiplier(token.price_multiplier) },
            { label: t('info.contractAddress'), value: token.contract_address ?? t('contract.notDeployed') },
            { label: t('info.created'), value: formatDateTime(token.created_at) },
            { label: t('info.lastUpdated'), value: formatDateTime(token.last_updated) },
          ]}
        />
        <div>
          <Title order={4} mb="xs">
            {t('info.howTitle')}
          </Title>
          <Text size="sm" mb="xs">
            {t('info.curve')}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {t('info.formula')}
          </Code>
          <Text size="sm" mt="xs" data-testid="token-formula">
            {t('info.today', {
              base: formatPriceUnits(base),
              multiplier: formatMultiplier(token.price_multiplier).replace(/x$/, ''),
              circulating: localiseDecimal(formatToken(circulating)),
              supply: localiseDecimal(formatToken(supply)),
              price: formatPriceUnits(formula),
            })}
          </Text>
        </div>
        <List size="sm" spacing={6}>
          <List.Item>{t('info.curveMoves')}</List.Item>
          <List.Item>{t('info.roundTrip')}</List.Item>
          <List.Item>{t('info.slippage')}</List.Item>
          <List.Item>{t('info.manual')}</List.Item>
        </List>
      </Stack>
    </Modal>
  );
}
