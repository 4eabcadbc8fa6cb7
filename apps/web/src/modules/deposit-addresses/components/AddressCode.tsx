import { Button, CopyButton, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/i18n';
import { DEPOSIT_ADDRESSES_NS } from '../i18n';

interface AddressCodeProps {
  /** The address exactly as it is sent to. */
  address: string;
  /** Names the QR code to assistive technology ("TRC20 deposit address QR code"). */
  qrLabel: string;
  /** The test id of the address text. */
  testId: string;
  /** Shown between the QR code and the address (e.g. the address's label). */
  caption?: ReactNode;
}

/**
 * An address to send to: its QR code, the address in full (monospace, wrapping anywhere so it never
 * overflows a phone) and a Copy button. Shared by the platform's receiving addresses and members' own.
 */
export function AddressCode({ address, qrLabel, testId, caption }: AddressCodeProps) {
  const { t } = useT(DEPOSIT_ADDRESSES_NS);
  return (
    <>
      <div style={{ background: 'white', padding: 8, borderRadius: 8, lineHeight: 0 }}>
        <QRCodeSVG
          value={address}
          size={176}
          marginSize={0}
          title={qrLabel}
          role="img"
          aria-label={qrLabel}
        />
      </div>
      {caption}
      <Text ff="monospace" size="sm" ta="center" style={{ wordBreak: 'break-all' }} data-testid={testId}>
        {address}
      </Text>
      <CopyButton value={address}>
        {({ copied, copy }) => (
          <Button
            onClick={copy}
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          >
            {copied ? t('code.copied') : t('code.copy')}
          </Button>
        )}
      </CopyButton>
    </>
  );
}
