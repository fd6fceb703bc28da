import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../context';
import { branchRoutes } from './branch';
import { branchDonationsRoutes } from './branch-donations';
import { categoryRoutes } from './category';
import { configRoutes } from './config';
import { contactRoutes } from './contact';
import { donationRoutes } from './donation';
import { feedbackRoutes } from './feedback';
import { healthRoutes } from './health';
import { partnerRoutes } from './partner';
import { partnerProgramRoutes } from './partner-program';
import { programOversightRoutes } from './program-oversight';
import { programAuditRoutes } from './program-audit';
import { programPartnerReportRoutes } from './program-partner-report';
import { programRemindersRoutes } from './program-reminders';
import { programReopenRoutes } from './program-reopen';
import { programPlacesRoutes } from './program-places';
import { programUsersRoutes } from './program-users';
import { programWeightFlagsRoutes } from './program-weight-flags';
import { ssoRoutes } from './sso';
import { storesRoutes } from './stores';
import { summaryRoutes } from './summaries';
import { userRoutes } from './user';

// Order matters where paths overlap: static segments are registered before parameters in each router.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Hono's own default for an app with no typed routes yet
export function registerRoutes(app: OpenAPIHono<ApiEnv, {}, '/api'>) {
  app.route('/', healthRoutes);
  app.route('/', ssoRoutes);
  app.route('/', userRoutes);
  app.route('/', configRoutes);
  app.route('/', categoryRoutes);
  app.route('/', contactRoutes);
  app.route('/', feedbackRoutes);
  app.route('/', summaryRoutes);
  app.route('/', programReopenRoutes);
  app.route('/', programWeightFlagsRoutes);
  app.route('/', programRemindersRoutes);
  app.route('/', programAuditRoutes);
  app.route('/', programPartnerReportRoutes);
  app.route('/', partnerProgramRoutes);
  app.route('/', partnerRoutes);
  app.route('/', programUsersRoutes);
  app.route('/', programPlacesRoutes);
  app.route('/', branchDonationsRoutes);
  app.route('/', storesRoutes);
  app.route('/', branchRoutes);
  app.route('/', donationRoutes);
  app.route('/', programOversightRoutes);
}
