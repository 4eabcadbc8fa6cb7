import { ActionIcon, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useT } from '../i18n/i18n';
import { Hint } from './Hint';
import { SHELL_NS } from './i18n';

interface CopyTextProps {
  value: string;
  /** What is copied, for the button's name ("Copy {label}"). */
  label: string;
  /** Shows the start and end only (hashes and addresses in tables). */
  short?: boolean;
}

export function shortText(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** Monospace text (an address, a hash, a code) with a copy button. */
export function CopyText({ value, label, short = false }: CopyTextProps) {
  const { t } = useT(SHELL_NS);
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        size="sm"
        ff="monospace"
        style={short ? { whiteSpace: 'nowrap' } : { wordBreak: 'break-all' }}
        title={short ? value : undefined}
      >
        {short ? shortText(value) : value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Hint label={copied ? t('ui.copied') : t('ui.copy', { label })}>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={t('ui.copy', { label })}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Hint>
        )}
      </CopyButton>
    </Group>
  );
}
