// Wiring of the auth calls: /auth/signup, /auth/login, /auth/logout, /auth/logout-others and
// GET /api/auth.
import { Hono } from 'hono';
import { loginSchema, signupSchema } from '@/domain/auth/schema';
import type { AppEnv, Deps } from '../../deps';
import { jsonBody } from '../../http/validate';
import { authStatus, login, logout, logoutOthers, signup } from './auth.handlers';

export function authRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/auth/signup', jsonBody(signupSchema), (c) => signup(c, deps))
    .post('/auth/login', jsonBody(loginSchema), (c) => login(c, deps))
    .post('/auth/logout', (c) => logout(c, deps))
    .post('/auth/logout-others', (c) => logoutOthers(c, deps))
    .get('/api/auth', (c) => authStatus(c, deps));
}
