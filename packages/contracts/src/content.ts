import { z } from 'zod';

export const Banner = z.object({
  id: z.number().int(),
  image: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export const BannerResponse = z.object({ banner: Banner.nullable() });
/** POST /notifications/banner: the banner saved. */
export const BannerSavedResponse = z.object({ message: z.string(), banner: Banner });
export const Achiever = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  image: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export const AchieversResponse = z.object({ achievers: z.array(Achiever) });
export const AchieverFields = z.object({
  name: z.string().trim().min(2, 'Name is required').max(100),
  title: z.string().trim().max(100).default(''),
});

export const NewsBody = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  body: z.string().trim().min(1, 'Text is required').max(20_000),
  published: z.boolean().default(true),
});
export const NewsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const NewsListResponse = z.object({ news: z.array(NewsItem) });

export const SupportBody = z.object({
  subject: z.string().trim().min(3, 'Subject is required').max(200),
  message: z.string().trim().min(1, 'Message is required').max(5000),
});
export const SupportReplyBody = z.object({
  reply: z.string().trim().min(1, 'Reply is required').max(5000).optional(),
  status: z.enum(['open', 'answered', 'closed']).optional(),
});
export const SupportMessage = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(['open', 'answered', 'closed']),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export const SupportListResponse = z.object({ support: z.array(SupportMessage) });
