import {
  IdParam,
  LatestVideoResponse,
  MessageResponse,
  VideoBody,
  VideoListResponse,
  VideoResponse,
  VideoSavedResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { videosService as videos } from './videos.service';

/**
 * The video library (spec 2.7); members watch the latest live video. Drafts and scheduled videos are seen by
 * admins only, who may open one as members will see it (decision 0037).
 */
export function videosRoutes(app: App): void {
  const { db } = app.deps;
  const tags = ['videos'];

  app.get(
    '/videos',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: VideoListResponse } } },
    async (request) => ({ data: await videos.list(db, principalOf(request)) }),
  );
  app.get(
    '/videos/latest',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: LatestVideoResponse } } },
    async () => ({ data: await videos.latest(db) }),
  );
  app.get(
    '/videos/:id',
    { config: { access: 'signed-in' }, schema: { tags, params: IdParam, response: { 200: VideoResponse } } },
    async (request) => ({
      data: await videos.one(db, principalOf(request), BigInt(request.params.id)),
    }),
  );
  app.post(
    '/videos',
    {
      config: { access: 'admin', permission: 'content' },
      schema: { tags, body: VideoBody, response: { 201: VideoSavedResponse } },
    },
    async (request, reply) => {
      const data = await videos.create(db, principalOf(request).userId, request.body);
      return reply.status(201).send({ data, message: 'Video created successfully' });
    },
  );
  app.put(
    '/videos/:id',
    {
      config: { access: 'admin', permission: 'content' },
      schema: { tags, params: IdParam, body: VideoBody, response: { 200: VideoSavedResponse } },
    },
    async (request) => {
      const data = await videos.update(
        db,
        principalOf(request).userId,
        BigInt(request.params.id),
        request.body,
      );
      return { data, message: 'Video updated successfully' };
    },
  );
  app.post(
    '/videos/:id/publish',
    {
      config: { access: 'admin', permission: 'content' },
      schema: { tags, params: IdParam, response: { 200: VideoSavedResponse } },
    },
    async (request) => {
      const r = await videos.publish(db, principalOf(request).userId, BigInt(request.params.id));
      return { data: r.video, message: r.message };
    },
  );
  app.delete(
    '/videos/:id',
    {
      config: { access: 'admin', permission: 'content' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await videos.remove(db, principalOf(request).userId, BigInt(request.params.id));
      return { message: 'Video deleted successfully' };
    },
  );
}
