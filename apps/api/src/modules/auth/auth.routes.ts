import {
  AdminSignInResponse,
  MemberSignInResponse,
  MessageResponse,
  RegisterBody,
  SignInBody,
} from '@sgx/contracts';
import type { App } from '../../deps';
import { principalOf } from '../../http/access';

export function authRoutes(app: App): void {
  const { auth } = app.deps;
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: RegisterBody, response: { 201: MemberSignInResponse } },
    },
    async (request, reply) => {
      const s = await auth.register(request.body, meta(request));
      return reply.status(201).send({
        auth: s.record,
        expireAt: s.expireAt,
        message: 'Registration successful',
        second_factor: s.secondFactor,
      });
    },
  );

  app.post(
    '/auth/signin',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: SignInBody, response: { 200: MemberSignInResponse } },
    },
    async (request) => {
      const s = await auth.signIn('user', request.body, meta(request));
      return {
        auth: s.record,
        expireAt: s.expireAt,
        message: 'Login successful',
        second_factor: s.secondFactor,
      };
    },
  );

  app.post(
    '/auth/adminsignin',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: SignInBody, response: { 200: AdminSignInResponse } },
    },
    async (request) => {
      const s = await auth.signIn('admin', request.body, meta(request));
      return {
        admin: s.record,
        expireAt: s.expireAt,
        message: 'Login successful',
        second_factor: s.secondFactor,
      };
    },
  );

  app.get(
    '/auth/signout',
    {
      config: { access: 'member', beforeSecondFactor: true },
      schema: { tags: ['auth'], response: { 200: MessageResponse } },
    },
    async (request) => {
      await auth.signOut(principalOf(request));
      return { message: 'Logged out successfully' };
    },
  );

  app.get(
    '/auth/signoutadmin',
    {
      config: { access: 'admin', permission: 'dashboard', beforeSecondFactor: true },
      schema: { tags: ['auth'], response: { 200: MessageResponse } },
    },
    async (request) => {
      await auth.signOut(principalOf(request));
      return { message: 'Logged out successfully' };
    },
  );
}
