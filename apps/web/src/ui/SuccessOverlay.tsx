import { Button, Overlay, Paper, Portal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useT } from '../i18n/i18n';
import { SHELL_NS } from './i18n';

interface SuccessOverlayProps {
  /** Nothing renders while this is null or empty. An explicit `true` shows the default message. */
  message: string | true | null | undefined;
  /** Clears the message. */
  onClose: () => void;
}

/** Spec 2.2: a full-screen dimmed backdrop with a centred green card, a success icon, the message and Close. */
export function SuccessOverlay({ message, onClose }: SuccessOverlayProps) {
  const { t } = useT(SHELL_NS);
  if (message === null || message === undefined || message === '') return null;
  const text = message === true ? t('ui.actionCompleted') : message;
  return (
    <Portal>
      <Overlay fixed backgroundOpacity={0.55} blur={2} zIndex={300} center>
        <Paper
          role="alertdialog"
          aria-label={t('ui.success')}
          bg="green.6"
          c="white"
          radius="lg"
          p="xl"
          shadow="xl"
          maw={360}
          mx="md"
        >
          <Stack align="center" gap="md">
            <ThemeIcon size={56} radius="xl" color="white" variant="white">
              <IconCircleCheck size={40} color="var(--mantine-color-green-6)" />
            </ThemeIcon>
            <Text ta="center" fw={600} size="lg">
              {text}
            </Text>
            <Button variant="white" color="green" onClick={onClose}>
              {t('ui.close')}
            </Button>
          </Stack>
        </Paper>
      </Overlay>
    </Portal>
  );
}
