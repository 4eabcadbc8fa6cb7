import {
  AdminSignInResponse,
  MemberSignInResponse,
  MessageResponse,
  type RegisterBody,
  type SignInBody,
} from '@sgx/contracts';
import { apiRequest } from '../../../app/api';

export function signInMember(body: SignInBody) {
  return apiRequest('/auth/signin', { method: 'POST', body, schema: MemberSignInResponse });
}

export function signInAdmin(body: SignInBody) {
  return apiRequest('/auth/adminsignin', { method: 'POST', body, schema: AdminSignInResponse });
}

export function register(body: RegisterBody) {
  return apiRequest('/auth/register', { method: 'POST', body, schema: MemberSignInResponse });
}

export function signOutMember() {
  return apiRequest('/auth/signout', { schema: MessageResponse });
}

export function signOutAdmin() {
  return apiRequest('/auth/signoutadmin', { schema: MessageResponse });
}
