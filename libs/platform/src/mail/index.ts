export * from './mailer.port';
export * from './file-mailer';
export * from './smtp-mailer';
export * from './create-mailer';
export { composeMessage, domainOf } from './compose';
