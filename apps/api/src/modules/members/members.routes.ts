import {
  ApprovalPendingResponse,
  ChangePasswordBody,
  EmailUserQuery,
  EmailUserResponse,
  IdParam,
  MessageResponse,
  NonUsersResponse,
  RewardsResponse,
  SendRewardBody,
  SingleUserResponse,
  UpdateUserBody,
  UserRewardNotificationResponse,
  UsersListQuery,
  UsersListResponse,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { assertSelfOrAdmin, principalOf } from '../../http/access';
import { keyedRequest } from '../../http/listing';
import { pendingResponse } from '../approvals/approvals.repo';

export function membersRoutes(app: App): void {
  const { members } = app.deps;
  const tags = ['users'];

  app.get(
    '/users/list',
    {
      config: { access: 'admin', permission: 'members' },
      schema: { tags, querystring: UsersListQuery, response: { 200: UsersListResponse } },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { users, total } = await members.list(page, limit, search);
      return { allusers: users, total, page, totalPages: Math.max(1, Math.ceil(total / limit)) };
    },
  );

  app.get(
    '/users/non/users',
    {
      config: { access: 'admin', permission: 'members' },
      schema: { tags, response: { 200: NonUsersResponse } },
    },
    async () => ({ allnonusers: await members.defaulters() }),
  );

  app.get(
    '/users/rewards',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, response: { 200: RewardsResponse } },
    },
    async () => ({ allrewards: await members.rewardNotices() }),
  );

  app.post(
    '/users/send/reward',
    {
      config: { access: 'admin', permission: 'money' },
      schema: { tags, body: SendRewardBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const n = await members.sendRewardNotice(principalOf(request), request.body);
      return { message: `Reward notice sent to ${n} member${n === 1 ? '' : 's'}.` };
    },
  );

  app.get(
    '/users/get/defaulterreward/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: UserRewardNotificationResponse } },
    },
    async (request) => {
      assertSelfOrAdmin(principalOf(request), request.params.id);
      return { userrewardnotification: await members.rewardNotices(request.params.id) };
    },
  );

  app.get(
    '/users',
    {
      config: { access: 'admin', permission: 'members' },
      schema: { tags, querystring: EmailUserQuery, response: { 200: EmailUserResponse } },
    },
    async (request) => ({ emailuser: await members.getByEmail(request.query.email) }),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: IdParam, response: { 200: SingleUserResponse } },
    },
    async (request) => ({ singleuser: await members.get(principalOf(request), request.params.id) }),
  );

  app.put(
    '/users/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: IdParam,
        body: UpdateUserBody,
        response: {
          200: SingleUserResponse.extend(MessageResponse.shape),
          202: ApprovalPendingResponse.extend(SingleUserResponse.shape),
        },
      },
    },
    async (request, reply) => {
      // A client may send an Idempotency-Key so a retried save posts a balance adjustment once.
      const { user: singleuser, awaiting } = await members.update(
        principalOf(request),
        request.params.id,
        request.body,
        keyedRequest(request),
      );
      // The rest is saved; a Business Balance change at or above the threshold waits (decision 0024).
      if (awaiting) return reply.status(202).send({ ...pendingResponse(awaiting), singleuser });
      return { message: 'User updated successfully', singleuser };
    },
  );

  app.put(
    '/users/:id/password',
    {
      config: { access: 'member' },
      schema: { tags, params: IdParam, body: ChangePasswordBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await members.changePassword(principalOf(request), request.params.id, request.body);
      return { message: 'Password change successfuly' };
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'admin', permission: 'staff' },
      schema: { tags, params: IdParam, response: { 200: MessageResponse } },
    },
    async (request) => {
      await members.softDelete(principalOf(request), request.params.id);
      return { message: 'User deleted successfully' };
    },
  );
}
