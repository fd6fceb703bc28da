import { createRoute, z } from '@hono/zod-openapi';
import { publicAuthConfig } from '../auth/sso-config';
import { newRouter } from '../router';
import { access } from '../auth/access';

export const configRoutes = newRouter();

const nullableString = z.string().nullable();
const AuthConfigSchema = z.object({
  aadClientId: nullableString,
  aadTenantId: nullableString,
  aadWellKnownUrl: nullableString,
  aadB2CClientId: nullableString,
  aadB2CSignInName: nullableString,
  aadB2CSignInAuth: nullableString,
  aadB2CForgotPasswordName: nullableString,
  aadB2CForgotPasswordAuth: nullableString,
  aadB2CAuthDomain: nullableString,
  aadB2CWellKnownUrl: nullableString,
  showEmptyPageForFacebookUser: z.boolean(),
  messageForFacebookUser: nullableString,
  urlForFacebookUser: nullableString,
  providers: z.object({ aad: z.boolean(), aadb2c: z.boolean() }),
  workplace: z.object({ rfp: z.object({ appId: z.string() }).nullable(), info: z.object({ appId: z.string() }).nullable() }),
});

// GET /api/config/auth-config - the public sign-in configuration and which sign-in routes are on; no token
configRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/config/auth-config',
    'x-access': access.public(),
    summary: 'The public sign-in configuration, without any secret',
    tags: ['Config'],
    operationId: 'getAuthConfig',
    security: [],
    responses: {
      200: { description: 'Auth configuration, without any secret', content: { 'application/json': { schema: AuthConfigSchema } } },
    },
  }),
  (c) => c.json(publicAuthConfig(c.get('deps').config.sso), 200),
);
