export * from './telemetry';
export * from './metrics';
