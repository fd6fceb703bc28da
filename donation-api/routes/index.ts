import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../context';
import { branchRoutes } from './branch';
import { branchDonationsRoutes } from './branch-donations';
import { categoryRoutes } from './category';
import { configRoutes } from './config';
import { contactRoutes } from './contact';
import { donationRoutes } from './donation';
import { feedbackRoutes } from './feedback';
import { ssoRoutes } from './sso';
import { storesRoutes } from './stores';
import { userRoutes } from './user';

// Order matters where paths overlap: static segments are registered before parameters in each router.
export function registerRoutes(app: OpenAPIHono<ApiEnv, {}, '/api'>) {
  app.route('/', ssoRoutes);
  app.route('/', userRoutes);
  app.route('/', configRoutes);
  app.route('/', categoryRoutes);
  app.route('/', contactRoutes);
  app.route('/', feedbackRoutes);
  app.route('/', branchDonationsRoutes);
  app.route('/', storesRoutes);
  app.route('/', branchRoutes);
  app.route('/', donationRoutes);
}
