import { expect, type APIRequestContext } from '@playwright/test';

// Helpers for the journeys of home, benefits, economy, achievements, products, LGPD, profile,
// personalisation, satisfaction survey and CEP specs (one sign-in per journey, not one per test).

/**
 * A bearer token from POST /api/auth/login, for data a test sets up through the API before the
 * browser opens the page (signIn() makes its own session for the page).
 */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, senha: password } });
  expect(res.status(), `POST /api/auth/login ${email}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { token: { token: string } }).token.token;
}
