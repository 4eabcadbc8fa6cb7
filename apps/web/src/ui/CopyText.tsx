import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

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
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`}>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
