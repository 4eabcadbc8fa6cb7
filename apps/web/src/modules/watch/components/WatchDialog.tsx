import { Alert, AspectRatio, Box, Button, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../app/apiError';
import { useT } from '../../../i18n/i18n';
import { serverText } from '../../../i18n/server';
import { useBlockedAccount } from '../../users/blocked';
import { BlockedActionNote } from '../../users/components/BlockedBanner';
import { claimReward, startWatch, useLatestVideo } from '../api/watchApi';
import fallbackVideo from '../assets/fallback.mp4';
import { WATCH_NS } from '../i18n';
import {
  playerSignal,
  playing,
  secondsLeft as secondsLeftOf,
  stopped,
  stoppedClock,
  type WatchClock,
} from '../watchClock';
import { embedUrl } from './embed';

/** The embed address with the player's message API on (YouTube needs enablejsapi=1; Vimeo answers anyway). */
function withPlayerApi(url: string): string {
  if (!url.includes('youtube')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}enablejsapi=1&origin=${encodeURIComponent(window.location.origin)}`;
}

const post = (frame: HTMLIFrameElement | null, message: object) =>
  frame?.contentWindow?.postMessage(JSON.stringify(message), '*');

/** Asks the embedded player to tell the page when it plays, stops or fails. */
function listenToPlayer(frame: HTMLIFrameElement | null, url: string | null) {
  if (url === null) return;
  if (url.includes('youtube')) post(frame, { event: 'listening', id: 1, channel: 'widget' });
  else
    for (const value of ['play', 'pause', 'ended', 'error'])
      post(frame, { method: 'addEventListener', value });
}

/** Starts the embedded player (muted on YouTube, so the browser lets it start without a click in it). */
function commandPlayer(frame: HTMLIFrameElement | null, url: string | null) {
  if (url === null) return;
  if (url.includes('youtube')) {
    post(frame, { event: 'command', func: 'mute', args: [] });
    post(frame, { event: 'command', func: 'playVideo', args: [] });
  } else post(frame, { method: 'play' });
}

/** Spec 9: the watch countdown lasts 10 seconds; a successful claim shows for 1.5 s before the reload. */
export const WATCH_SECONDS = 10;
export const SUCCESS_POPUP_MS = 1_500;

/** How long an embedded player may stay silent before the bundled video plays instead (decision 0055). */
export const EMBED_WAIT_MS = 6_000;

type Phase =
  | { kind: 'ready' }
  | { kind: 'starting' }
  | { kind: 'counting'; seconds: number }
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

  // The embedded player when it answers; when it reports an error or stays silent, the bundled video instead.
  const [embedFailed, setEmbedFailed] = useState(false);
  const linked = latest.data ? embedUrl(latest.data.url) : null;
  const embed = linked === null || embedFailed ? null : withPlayerApi(linked);
  const [replay, setReplay] = useState(0);
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const heardFromPlayer = useRef(false);
  // The countdown counts only while a video plays (decision 0055): the clock adds the time between play and stop.
  const [clock, setClock] = useState<WatchClock>(stoppedClock);
  const onPlaying = useCallback(() => setClock((c) => playing(c, Date.now())), []);
  const onStopped = useCallback(() => setClock((c) => stopped(c, Date.now())), []);

  useEffect(() => {
    if (!opened || embed === null) return;
    heardFromPlayer.current = false;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframeRef.current?.contentWindow) return;
      const signal = playerSignal(event.data);
      if (signal === null) return;
      heardFromPlayer.current = true;
      if (signal === 'playing') onPlaying();
      else if (signal === 'stopped') onStopped();
      else if (signal === 'error') {
        onStopped();
        setEmbedFailed(true);
      }
    };
    window.addEventListener('message', onMessage);
    const silent = window.setTimeout(() => {
      if (!heardFromPlayer.current) setEmbedFailed(true);
    }, EMBED_WAIT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(silent);
    };
  }, [opened, embed, onPlaying, onStopped]);

  // The bundled video takes over: it plays at once when the member already pressed Start.
  useEffect(() => {
    if (embed === null && phase.kind === 'counting') void videoRef.current?.play().catch(() => undefined);
  }, [embed, phase.kind]);

  useEffect(() => {
    if (phase.kind !== 'counting') return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (secondsLeftOf(clock, phase.seconds, at) === 0) setPhase({ kind: 'watched' });
    }, 250);
    return () => window.clearInterval(timer);
  }, [phase, clock]);

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
      // What played before Start does not count; a video already playing counts from now.
      setClock((c) => (c.playingSince === null ? stoppedClock : playing(stoppedClock, at)));
      setPhase({ kind: 'counting', seconds });
      if (embed !== null) commandPlayer(iframeRef.current, linked);
      else void videoRef.current?.play().catch(() => undefined);
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
    setClock(stoppedClock);
    onClose();
  };

  const secondsLeft = phase.kind === 'counting' ? secondsLeftOf(clock, phase.seconds, now) : WATCH_SECONDS;
  const videoPlays = clock.playingSince !== null;

  return (
    <Modal opened={opened} onClose={close} title={t('dialog.title')} size="lg" centered>
      <Stack gap="md">
        <AspectRatio ratio={16 / 9}>
          {latest.isPending && latest.fetchStatus !== 'idle' ? (
            <Box bg="dark.7" />
          ) : embed !== null ? (
            <iframe
              key={replay}
              ref={iframeRef}
              src={embed}
              onLoad={() => listenToPlayer(iframeRef.current, linked)}
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
              onError={() => {
                onStopped();
                setPlayerFailed(true);
              }}
              onPlaying={onPlaying}
              onPause={onStopped}
              onWaiting={onStopped}
              onStalled={onStopped}
              onEnded={onStopped}
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
              value={((phase.seconds - secondsLeft) * 100) / phase.seconds}
              aria-label={t('dialog.watched')}
            />
            {!videoPlays && (
              <Text ta="center" size="sm" c="dimmed" data-testid="countdown-paused">
                {t('dialog.paused')}
              </Text>
            )}
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
