/** The request header proxy.ts sets on /invitation/{token} (and strips from every other request). */
export const INVITATION_TOKEN_HEADER = 'x-rfp-invitation-token';
