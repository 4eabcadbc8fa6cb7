import { LatestVideoResponse, RoiCheckResponse, SelfTradeResponse, WatchStartResponse } from '@sgx/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api';
import { ApiError } from '../../../app/apiError';
import { tr } from '../../../i18n/i18n';
import { WATCH_NS } from '../i18n';

export const watchKeys = {
  latest: ['videos', 'latest'] as const,
};

/** Spec 9: the ROI check times out after 10 seconds and is retried 3 times, 2 s x the attempt number apart. */
export const ROI_CHECK_TIMEOUT_MS = 10_000;
export const ROI_CHECK_RETRIES = 3;
export const ROI_CHECK_DELAY_MS = 2_000;

class TimeoutError extends Error {}

/** The exact texts of spec 8 for a ROI check that failed after its last retry. */
export function roiCheckErrorText(error: unknown): string {
  if (error instanceof TimeoutError) return tr(`${WATCH_NS}:check.timeout`);
  if (error instanceof ApiError) {
    if (error.status === 404) return tr(`${WATCH_NS}:check.notFound`);
    if (error.status === 401) return tr(`${WATCH_NS}:check.auth`);
    if (error.status >= 500) return tr(`${WATCH_NS}:check.server`);
  }
  return tr(`${WATCH_NS}:check.failed`);
}

async function checkOnce(userId: number, outer: AbortSignal): Promise<boolean> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ROI_CHECK_TIMEOUT_MS);
  const forward = () => controller.abort();
  outer.addEventListener('abort', forward);
  try {
    const res = await apiRequest(`/tr/roi-check/${userId}`, {
      schema: RoiCheckResponse,
      signal: controller.signal,
    });
    return res.found;
  } catch (cause) {
    if (timedOut) throw new TimeoutError('timeout');
    throw cause;
  } finally {
    window.clearTimeout(timer);
    outer.removeEventListener('abort', forward);
  }
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

export interface RoiCheckResult {
  found: boolean;
  /** Spec 8 text after the last retry failed; the result then defaults to not found. */
  error: string | null;
}

/** GET /tr/roi-check/{userId}: whether today's reward was already claimed, with spec 8's retries. */
export async function checkRoi(userId: number, signal: AbortSignal): Promise<RoiCheckResult> {
  let last: unknown = null;
  for (let attempt = 0; attempt <= ROI_CHECK_RETRIES; attempt++) {
    if (attempt > 0) await wait(ROI_CHECK_DELAY_MS * attempt, signal);
    try {
      return { found: await checkOnce(userId, signal), error: null };
    } catch (cause) {
      if (signal.aborted) throw cause;
      last = cause;
    }
  }
  return { found: false, error: roiCheckErrorText(last) };
}

/** The ROI check as a query: its own retries live in `checkRoi`, so TanStack's are off. */
export function useRoiCheck(userId: number | null) {
  return useQuery({
    queryKey: ['money', 'roi-check', userId ?? 0],
    queryFn: ({ signal }) => checkRoi(userId ?? 0, signal),
    enabled: userId !== null,
    retry: false,
    staleTime: 0,
  });
}

/** GET /videos/latest: the video of the day, or null. */
export function useLatestVideo(enabled: boolean) {
  return useQuery({
    queryKey: watchKeys.latest,
    queryFn: ({ signal }) => apiRequest('/videos/latest', { schema: LatestVideoResponse, signal }),
    select: (data) => data.data,
    enabled,
  });
}

/** POST /watch/start: the server notes when today's video started; a claim is valid 10 s later. */
export function startWatch() {
  return apiRequest('/watch/start', { method: 'POST', schema: WatchStartResponse });
}

/** PUT /referral/self-trade/{userId}: claims today's ROI. */
export function claimReward(userId: number) {
  return apiRequest(`/referral/self-trade/${userId}`, { method: 'PUT', schema: SelfTradeResponse });
}
