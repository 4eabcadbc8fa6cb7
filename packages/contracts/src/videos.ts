import { z } from 'zod';

/** YouTube or Vimeo links only (spec 5). */
export function isVideoUrl(url: string): boolean {
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
    const host = u.hostname.replace(/^www\./, '').replace(/^m\./, '');
    return ['youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com', 'player.vimeo.com'].includes(
      host,
    );
  } catch {
    return false;
  }
}

export const VideoBody = z.object({
  title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(200),
  url: z
    .string({ message: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .refine(isVideoUrl, 'Please enter a valid video URL (YouTube or Vimeo)'),
  description: z.string().trim().max(2000).optional().default(''),
});
export const Video = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type Video = z.infer<typeof Video>;
export const VideoListResponse = z.object({ data: z.array(Video) });
export const VideoResponse = z.object({ data: Video });
export const LatestVideoResponse = z.object({ data: Video.nullable() });
export const VideoSavedResponse = z.object({ data: Video, message: z.string() });
