export * from './access-token-verifier';
export * from './gateway-auth.middleware';
export * from './auth-env';
