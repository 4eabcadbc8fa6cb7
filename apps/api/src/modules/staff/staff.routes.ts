import {
  AcceptInvitationBody,
  IdParam,
  InvitationTokenParam,
  InvitationView,
  MessageResponse,
  StaffCodeBody,
  StaffInvitationResponse,
  StaffInviteBody,
  StaffListResponse,
  StaffMemberResponse,
  StaffRolesBody,
  StaffSuspendBody,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';
import { assertStrongPassword } from '../auth/password-strength';
import { hashPassword } from '../auth/passwords';
import { StaffService } from './staff.service';

/** Staff management (decision 0042): owners invite staff with roles, change roles, suspend. */
export function staffRoutes(app: App): void {
  const staff = new StaffService(app.deps);
  const tags = ['staff'];
  const owner = { access: 'admin', permission: 'staff' } as const;

  app.get('/admin/staff', { config: owner, schema: { tags, response: { 200: StaffListResponse } } }, () =>
    staff.list(),
  );
  app.post(
    '/admin/staff/invitations',
    { config: owner, schema: { tags, body: StaffInviteBody, response: { 201: StaffInvitationResponse } } },
    async (request, reply) => {
      const { invitation } = await staff.invite(principalOf(request), request.body);
      return reply.status(201).send({ message: `Invitation sent to ${request.body.email}.`, invitation });
    },
  );
  app.put(
    '/admin/staff/:id/roles',
    {
      config: owner,
      schema: { tags, params: IdParam, body: StaffRolesBody, response: { 200: StaffMemberResponse } },
    },
    async (request) => ({
      message: 'Roles changed.',
      staff: await staff.setRoles(principalOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/admin/staff/:id/suspend',
    {
      config: owner,
      schema: { tags, params: IdParam, body: StaffSuspendBody, response: { 200: StaffMemberResponse } },
    },
    async (request) => ({
      message: 'Suspended: the account is signed out and cannot sign in.',
      staff: await staff.suspend(principalOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/admin/staff/:id/restore',
    {
      config: owner,
      schema: { tags, params: IdParam, body: StaffCodeBody, response: { 200: StaffMemberResponse } },
    },
    async (request) => ({
      message: 'Restored: the account can sign in again.',
      staff: await staff.restore(principalOf(request), request.params.id, request.body),
    }),
  );

  // The invitation link (public): what it is for, then the password that opens the account.
  app.get(
    '/staff-invitations/:token',
    {
      config: { access: 'public' },
      schema: { tags, params: InvitationTokenParam, response: { 200: InvitationView } },
    },
    (request) => staff.invitation(request.params.token),
  );
  app.post(
    '/staff-invitations/accept',
    {
      config: { access: 'public' },
      schema: { tags, body: AcceptInvitationBody, response: { 201: MessageResponse } },
    },
    async (request, reply) => {
      const view = await staff.invitation(request.body.token);
      await assertStrongPassword(request.body.password, { email: view.email, fullname: view.fullname });
      await staff.accept(request.body.token, await hashPassword(request.body.password));
      return reply.status(201).send({
        message: 'Your staff account is ready: sign in at /admin-login and set up two-factor sign-in.',
      });
    },
  );
}
