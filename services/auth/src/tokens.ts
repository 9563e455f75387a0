/** Nest injection tokens of the auth service (the platform ports have theirs in @pt/platform). */
export const AUTH_CONFIG = Symbol('AuthConfig');
