import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { pollQueueName, Queues } from '@pt/contracts';
import { LIVE_MARKETPLACES } from '@pt/domain';
import { BullMqJobQueue, JOB_QUEUE, requireAdmin, toErrorResponse, type JobQueue } from '@pt/platform';
import type { Express, RequestHandler } from 'express';

export const BULL_BOARD_PATH = '/admin/queues';

/** Admins only; anyone else gets the error body (401 anonymous, 403 signed in). */
export const adminOnly: RequestHandler = (req, res, next) => {
  try {
    requireAdmin(req.headers);
    next();
  } catch (error) {
    const { status, body } = toErrorResponse(error);
    res.status(status).json(body);
  }
};

/**
 * bull-board at /admin/queues over the poll queues. BullMQ only: the inline queue
 * of the embedded mode has no Redis state to show (its figures are in the admin status instead).
 * Mounted on Nest's express app before Nest adds its not-found handler.
 */
@Injectable()
export class BullBoardMount implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly http: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    if (!(this.queue instanceof BullMqJobQueue)) return;
    const board = new ExpressAdapter();
    board.setBasePath(BULL_BOARD_PATH);
    const names = [Queues.pollScheduler, ...LIVE_MARKETPLACES.map(pollQueueName)];
    createBullBoard({
      queues: names.map(
        (name) => new BullMQAdapter((this.queue as BullMqJobQueue).queue(name), { readOnlyMode: false }),
      ),
      // @bull-board/express pins its own @bull-board/api patch version: same shape, separate types.
      serverAdapter: board as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
    });
    const app = this.http.httpAdapter.getInstance<Express>();
    app.use(BULL_BOARD_PATH, adminOnly, board.getRouter() as RequestHandler);
  }
}
