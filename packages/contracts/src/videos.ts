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

/**
 * Where a video stands for members (decision 0037): a draft only admins see, scheduled to go live at
 * `publish_at`, or published (live). Members only ever see published videos.
 */
export const VIDEO_STATES = ['draft', 'scheduled', 'published'] as const;
export const VideoState = z.enum(VIDEO_STATES);
export type VideoState = z.infer<typeof VideoState>;

export const VideoBody = z
  .object({
    title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(200),
    url: z
      .string({ message: 'URL is required' })
      .trim()
      .min(1, 'URL is required')
      .refine(isVideoUrl, 'Please enter a valid video URL (YouTube or Vimeo)'),
    description: z.string().trim().max(2000).optional().default(''),
    /** Optional: without it a new video is published at once (spec 7.4) and an edited one keeps its state. */
    status: VideoState.optional(),
    /** When a scheduled video goes live, an ISO 8601 time with its offset (UTC 'Z' from the web app). */
    publish_at: z.iso.datetime({ offset: true, message: 'Enter a valid date and time.' }).optional(),
  })
  .refine((b) => b.status !== 'scheduled' || b.publish_at !== undefined, {
    path: ['publish_at'],
    message: 'Choose the date and time to publish.',
  })
  .refine((b) => b.publish_at === undefined || b.status === 'scheduled', {
    path: ['publish_at'],
    message: 'A publish time is only taken with status scheduled.',
  });
export type VideoBody = z.input<typeof VideoBody>;
export const Video = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  status: VideoState,
  /** When members see it (past for a published video, ahead for a scheduled one); null for a draft. */
  publish_at: z.string().nullable(),
});
export type Video = z.infer<typeof Video>;
export const VideoListResponse = z.object({ data: z.array(Video) });
export const VideoResponse = z.object({ data: Video });
export const LatestVideoResponse = z.object({ data: Video.nullable() });
export const VideoSavedResponse = z.object({ data: Video, message: z.string() });
