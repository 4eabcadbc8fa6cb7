/**
 * The watch countdown counts only while a video plays (decision 0055): time is added between "playing" and the next
 * pause, stall or end, never while the player is stopped, waiting or cannot play at all.
 */
export interface WatchClock {
  /** Milliseconds watched before the current play. */
  watchedMs: number;
  /** When the current play began, or null while nothing plays. */
  playingSince: number | null;
}

export const stoppedClock: WatchClock = { watchedMs: 0, playingSince: null };

export function playing(clock: WatchClock, at: number): WatchClock {
  return clock.playingSince !== null ? clock : { ...clock, playingSince: at };
}

export function stopped(clock: WatchClock, at: number): WatchClock {
  if (clock.playingSince === null) return clock;
  return { watchedMs: clock.watchedMs + Math.max(0, at - clock.playingSince), playingSince: null };
}

export function watchedMs(clock: WatchClock, at: number): number {
  return clock.watchedMs + (clock.playingSince === null ? 0 : Math.max(0, at - clock.playingSince));
}

/** Whole seconds left of `seconds` to watch. */
export function secondsLeft(clock: WatchClock, seconds: number, at: number): number {
  return Math.max(0, Math.ceil((seconds * 1000 - watchedMs(clock, at)) / 1000));
}

/**
 * What an embedded player told the page through postMessage: YouTube's IFrame API (with enablejsapi=1:
 * infoDelivery/onStateChange with playerState 1 = playing, onError) and Vimeo's player API (play, pause, ended,
 * error). null: nothing the countdown needs.
 */
export function playerSignal(data: unknown): 'ready' | 'playing' | 'stopped' | 'error' | null {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof message !== 'object' || message === null) return null;
  const m = message as { event?: unknown; info?: unknown };
  if (m.event === 'onError' || m.event === 'error') return 'error';
  if (m.event === 'onReady' || m.event === 'ready') return 'ready';
  if (m.event === 'play' || m.event === 'playProgress' || m.event === 'timeupdate') return 'playing';
  if (m.event === 'pause' || m.event === 'ended' || m.event === 'bufferstart') return 'stopped';
  const state =
    m.event === 'onStateChange'
      ? m.info
      : m.event === 'infoDelivery' && typeof m.info === 'object' && m.info !== null
        ? (m.info as { playerState?: unknown }).playerState
        : undefined;
  if (state === undefined) return m.event === 'initialDelivery' ? 'ready' : null;
  return state === 1 ? 'playing' : 'stopped';
}
