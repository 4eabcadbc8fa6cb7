import { MessageResponse, type Video, VideoListResponse, VideoSavedResponse } from '@sgx/contracts';
import { apiRequest } from '../../../app/api';

export type { Video };

/** What POST and PUT /videos take (spec 7.4). */
export interface VideoValues {
  title: string;
  url: string;
  description: string;
}

export const videoKeys = {
  list: ['videos', 'list'] as const,
  latest: ['videos', 'latest'] as const,
};

export function fetchVideos(signal?: AbortSignal) {
  return apiRequest('/videos', { schema: VideoListResponse, signal });
}

export function createVideo(body: VideoValues) {
  return apiRequest('/videos', { method: 'POST', body, schema: VideoSavedResponse });
}

export function updateVideo(id: number, body: VideoValues) {
  return apiRequest(`/videos/${id}`, { method: 'PUT', body, schema: VideoSavedResponse });
}

export function deleteVideo(id: number) {
  return apiRequest(`/videos/${id}`, { method: 'DELETE', schema: MessageResponse });
}
