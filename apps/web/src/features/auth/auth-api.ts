import {
  type LoginRequest,
  loginIdentifier,
  type MessageResponse,
  type RegisterRequestSchema,
  type ResetPasswordRequestSchema,
  type TokenResponse,
} from '@farmacia/contract';
import type { z } from 'zod';
import { api } from '../../lib/api-client';

/** `POST /auth/login`: what the user typed becomes an email or `<digits>@phonenumber` (spec §5). */
export function login(values: LoginRequest): Promise<TokenResponse> {
  return api<TokenResponse>('/auth/login', {
    method: 'POST',
    body: { email: loginIdentifier(values.email), password: values.password },
    token: null,
  });
}

/** `POST /auth/register` with the form's validated (normalized) values. */
export function register(values: z.output<typeof RegisterRequestSchema>): Promise<TokenResponse> {
  return api<TokenResponse>('/auth/register', { method: 'POST', body: values, token: null });
}

/** `POST /auth/recovery`: always answers the same, whether the account exists or not. */
export function requestPasswordRecovery(email: string): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/recovery', { method: 'POST', body: { email }, token: null });
}

/** `POST /auth/reset` with the token of the mailed link. */
export function resetPassword(values: z.output<typeof ResetPasswordRequestSchema>): Promise<MessageResponse> {
  return api<MessageResponse>('/auth/reset', { method: 'POST', body: values, token: null });
}
