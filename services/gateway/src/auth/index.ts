export * from './access-token-verifier';
export * from './gateway-auth.middleware';
export * from './auth-env';
export * from './revocations';
export * from './edge-user';
