import { describe, expect, it } from 'vitest';
import { playerSignal, playing, secondsLeft, stopped, stoppedClock } from './watchClock';

describe('the watch countdown (decision 0055)', () => {
  it('does not move while no video plays', () => {
    expect(secondsLeft(stoppedClock, 10, 60_000)).toBe(10);
  });

  it('counts only the time a video plays, across pauses', () => {
    let c = playing(stoppedClock, 1_000);
    expect(secondsLeft(c, 10, 5_000)).toBe(6);
    c = stopped(c, 5_000);
    expect(secondsLeft(c, 10, 50_000)).toBe(6); // paused for 45 s: still 6 left
    c = playing(c, 50_000);
    expect(secondsLeft(c, 10, 56_000)).toBe(0);
  });

  it('reads the players: YouTube states and errors, Vimeo events', () => {
    expect(playerSignal('{"event":"onStateChange","info":1}')).toBe('playing');
    expect(playerSignal('{"event":"infoDelivery","info":{"playerState":2}}')).toBe('stopped');
    expect(playerSignal('{"event":"onError","info":150}')).toBe('error');
    expect(playerSignal('{"event":"onReady"}')).toBe('ready');
    expect(playerSignal({ event: 'play' })).toBe('playing');
    expect(playerSignal({ event: 'pause' })).toBe('stopped');
    expect(playerSignal('not json')).toBeNull();
  });
});
