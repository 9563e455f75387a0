export * from './job-queue.port';
