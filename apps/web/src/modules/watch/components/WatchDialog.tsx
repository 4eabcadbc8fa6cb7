import { Alert, AspectRatio, Box, Button, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { useBlockedAccount } from '../../users/blocked';
import { BlockedActionNote } from '../../users/components/BlockedBanner';
import { claimReward, startWatch, useLatestVideo } from '../api/watchApi';
import fallbackVideo from '../assets/fallback.mp4';
import { WATCH_NS } from '../i18n';
import { embedUrl } from './embed';

/** Spec 9: the watch countdown lasts 10 seconds; a successful claim shows for 1.5 s before the reload. */
export const WATCH_SECONDS = 10;
export const SUCCESS_POPUP_MS = 1_500;

type Phase =
  | { kind: 'ready' }
  | { kind: 'starting' }
  | { kind: 'counting'; endsAt: number }
  | { kind: 'watched' }
  | { kind: 'claiming' }
  | { kind: 'success' }
  | { kind: 'failed'; reason: string | null; stage: 'start' | 'claim' };

interface WatchDialogProps {
  opened: boolean;
  userId: number;
  onClose: () => void;
  /** Called after the success popup has shown (the page reloads, spec 4). */
  onClaimed: () => void;
}

/** The video watch dialog (spec 2.6 and 4): player, Start Watching, 10 s countdown, Claim Reward. */
export function WatchDialog({ opened, userId, onClose, onClaimed }: WatchDialogProps) {
  const { t } = useT(WATCH_NS);
  const latest = useLatestVideo(opened);
  const [phase, setPhase] = useState<Phase>({ kind: 'ready' });
  const [now, setNow] = useState(() => Date.now());
  const [playerFailed, setPlayerFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  // A member blocked meanwhile is told before pressing (the server answers 'Access Denied').
  const account = useBlockedAccount();
  const blockedNote = account.blocked ? 'watch-dialog-blocked' : undefined;

  const embed = latest.data ? embedUrl(latest.data.url) : null;
  const [replay, setReplay] = useState(0);

  useEffect(() => {
    if (phase.kind !== 'counting') return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= phase.endsAt) setPhase({ kind: 'watched' });
    }, 250);
    return () => window.clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    if (phase.kind !== 'success') return;
    const timer = window.setTimeout(onClaimed, SUCCESS_POPUP_MS);
    return () => window.clearTimeout(timer);
  }, [phase, onClaimed]);

  const start = async () => {
    setPhase({ kind: 'starting' });
    try {
      const session = await startWatch();
      const seconds = Math.max(WATCH_SECONDS, session.min_seconds);
      const at = Date.now();
      setNow(at);
      setPhase({ kind: 'counting', endsAt: at + seconds * 1000 });
      void videoRef.current?.play().catch(() => undefined);
    } catch (cause) {
      setPhase({ kind: 'failed', reason: errorMessage(cause), stage: 'start' });
    }
  };

  const claim = async () => {
    setPhase({ kind: 'claiming' });
    try {
      const res = await claimReward(userId);
      if (res.skipped_reason !== null && res.paid === '0.00000000') {
        setPhase({ kind: 'failed', reason: serverText(res.message), stage: 'claim' });
      } else {
        setPhase({ kind: 'success' });
      }
    } catch (cause) {
      setPhase({
        kind: 'failed',
        reason: cause instanceof ApiError ? serverText(cause.message) : null,
        stage: 'claim',
      });
    }
  };

  const watchAgain = () => {
    setReplay((r) => r + 1);
    if (videoRef.current) videoRef.current.currentTime = 0;
    void start();
  };

  const close = () => {
    if (phase.kind === 'claiming' || phase.kind === 'success') return;
    setPhase({ kind: 'ready' });
    onClose();
  };

  const secondsLeft =
    phase.kind === 'counting' ? Math.max(0, Math.ceil((phase.endsAt - now) / 1000)) : WATCH_SECONDS;

  return (
    <Modal opened={opened} onClose={close} title={t('dialog.title')} size="lg" centered>
      <Stack gap="md">
        <AspectRatio ratio={16 / 9}>
          {latest.isPending && latest.fetchStatus !== 'idle' ? (
            <Box bg="dark.7" />
          ) : embed !== null ? (
            <iframe
              key={replay}
              src={embed}
              title={latest.data?.title ?? t('dialog.title')}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              style={{ border: 0, borderRadius: 8 }}
            />
          ) : playerFailed ? (
            <Stack bg="gray.1" justify="center" align="center" style={{ borderRadius: 8 }}>
              <Text c="dimmed">{t('dialog.noVideo')}</Text>
            </Stack>
          ) : (
            <video
              ref={videoRef}
              src={fallbackVideo}
              controls
              muted
              playsInline
              onError={() => setPlayerFailed(true)}
              style={{ borderRadius: 8, background: '#000' }}
              data-testid="fallback-video"
            />
          )}
        </AspectRatio>
        {latest.data && (
          <Text fw={600} size="sm">
            {latest.data.title}
          </Text>
        )}

        {phase.kind === 'counting' && (
          <Stack gap={4} aria-live="polite">
            <Text ta="center" fw={700} size="lg" data-testid="countdown">
              {t('dialog.secondsLeft', { seconds: secondsLeft })}
            </Text>
            <Progress
              value={((WATCH_SECONDS - secondsLeft) * 100) / WATCH_SECONDS}
              aria-label={t('dialog.watched')}
            />
          </Stack>
        )}

        {phase.kind === 'success' && (
          <Alert color="green" icon={<IconCircleCheck />} role="alertdialog" aria-label={t('dialog.success')}>
            <Title order={4}>{t('dialog.success')}</Title>
            <Text>{t('dialog.claimedOk')}</Text>
          </Alert>
        )}

        {phase.kind === 'failed' && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            <Title order={4}>{t('dialog.error')}</Title>
            <Text>{t('dialog.claimFailed')}</Text>
            {phase.reason !== null && (
              <Text size="sm" mt={4}>
                {phase.reason}
              </Text>
            )}
          </Alert>
        )}

        {account.blocked && <BlockedActionNote id="watch-dialog-blocked" action="claim" account={account} />}
        <Group justify="center" gap="sm">
          {(phase.kind === 'ready' ||
            phase.kind === 'starting' ||
            (phase.kind === 'failed' && phase.stage === 'start')) && (
            <Button
              leftSection={<IconPlayerPlay size={18} />}
              onClick={() => void start()}
              loading={phase.kind === 'starting'}
              disabled={account.blocked}
              aria-describedby={blockedNote}
            >
              {t('dialog.start')}
            </Button>
          )}
          {(phase.kind === 'watched' ||
            phase.kind === 'claiming' ||
            (phase.kind === 'failed' && phase.stage === 'claim')) && (
            <>
              <Button
                color="green"
                onClick={() => void claim()}
                loading={phase.kind === 'claiming'}
                disabled={account.blocked}
                aria-describedby={blockedNote}
              >
                {t('dialog.claim')}
              </Button>
              <Button variant="default" onClick={close} disabled={phase.kind === 'claiming'}>
                {t('dialog.close')}
              </Button>
              <Button variant="light" onClick={watchAgain} disabled={phase.kind === 'claiming'}>
                {t('dialog.again')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
