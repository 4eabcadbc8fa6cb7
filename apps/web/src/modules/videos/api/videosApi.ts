import {
  MessageResponse,
  type Video,
  VideoListResponse,
  VideoResponse,
  VideoSavedResponse,
  type VideoState,
} from '@sgx/contracts';
import { apiRequest } from '../../../app/api';

export type { Video, VideoState };

/**
 * What POST and PUT /videos take: the spec's keys (7.4) and the publishing of decision 0037 (a draft, a
 * schedule with its instant in ISO UTC, or published).
 */
export interface VideoValues {
  title: string;
  url: string;
  description: string;
  status: VideoState;
  publish_at?: string;
}

export const videoKeys = {
  list: ['videos', 'list'] as const,
  latest: ['videos', 'latest'] as const,
  one: (id: number) => ['videos', 'one', id] as const,
};

export function fetchVideos(signal?: AbortSignal) {
  return apiRequest('/videos', { schema: VideoListResponse, signal });
}

/** One video; admins may open a draft or a scheduled one (the preview). */
export function fetchVideo(id: number, signal?: AbortSignal) {
  return apiRequest(`/videos/${id}`, { schema: VideoResponse, signal });
}

export function createVideo(body: VideoValues) {
  return apiRequest('/videos', { method: 'POST', body, schema: VideoSavedResponse });
}

export function updateVideo(id: number, body: VideoValues) {
  return apiRequest(`/videos/${id}`, { method: 'PUT', body, schema: VideoSavedResponse });
}

/** Publish now: a draft or a scheduled video goes live at once. */
export function publishVideo(id: number) {
  return apiRequest(`/videos/${id}/publish`, { method: 'POST', schema: VideoSavedResponse });
}

export function deleteVideo(id: number) {
  return apiRequest(`/videos/${id}`, { method: 'DELETE', schema: MessageResponse });
}

/** The video members watch now: the live one published last (the server's GET /videos/latest). */
export function membersVideoId(videos: readonly Video[]): number | null {
  let best: { id: number; at: string } | null = null;
  for (const v of videos) {
    if (v.status !== 'published' || v.publish_at === null) continue;
    if (best === null || v.publish_at > best.at || (v.publish_at === best.at && v.id > best.id)) {
      best = { id: v.id, at: v.publish_at };
    }
  }
  return best?.id ?? null;
}
