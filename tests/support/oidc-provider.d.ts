// oidc-provider ships no types and @types/oidc-provider is not installed; tests/support/oidc.ts is its only user.
declare module 'oidc-provider';
