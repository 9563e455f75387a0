export * from './errors';
export * from './validation';
export * from './health';
export * from './nest';
export * from './user-context';
export * from './internal-secret';
export * from './session-revocations';
export * from './address-key';
