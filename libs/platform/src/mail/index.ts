export * from './mailer.port';
