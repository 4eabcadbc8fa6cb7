import {
  AdminSignInResponse,
  MemberSignInResponse,
  MessageResponse,
  type RegisterBody,
  SecondFactorState,
  type SignInBody,
} from '@sgx/contracts';
import { apiRequest } from '../../../app/api';

/** What the session still owes (decision 0023); an answer without it is a session that owes nothing. */
const secondFactor = { second_factor: SecondFactorState.optional() };
const MemberSignIn = MemberSignInResponse.extend(secondFactor);
const AdminSignIn = AdminSignInResponse.extend(secondFactor);

export function signInMember(body: SignInBody) {
  return apiRequest('/auth/signin', { method: 'POST', body, schema: MemberSignIn });
}

export function signInAdmin(body: SignInBody) {
  return apiRequest('/auth/adminsignin', { method: 'POST', body, schema: AdminSignIn });
}

export function register(body: RegisterBody) {
  return apiRequest('/auth/register', { method: 'POST', body, schema: MemberSignIn });
}

export function signOutMember() {
  return apiRequest('/auth/signout', { schema: MessageResponse });
}

export function signOutAdmin() {
  return apiRequest('/auth/signoutadmin', { schema: MessageResponse });
}
