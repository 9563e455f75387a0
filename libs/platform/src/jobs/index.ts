export * from './job-queue.port';
export * from './inline-queue';
export * from './bullmq-queue';
export * from './create-job-queue';
export * from './redis-connection';
export * from './sliding-window-limiter';
