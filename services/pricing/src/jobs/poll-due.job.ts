import { Injectable } from '@nestjs/common';
import { JobNames, parseJobPayload, Queues } from '@pt/contracts';
import { DueFinderService, type DueRun } from '../services/due-finder.service';

/** `poll-due` on `poll:scheduler`: one marketplace's due-finder tick. */
@Injectable()
export class PollDueJob {
  readonly queue = Queues.pollScheduler;
  readonly name = JobNames.pollDue;

  constructor(private readonly dueFinder: DueFinderService) {}

  async handle(data: unknown): Promise<DueRun> {
    const parsed = parseJobPayload(JobNames.pollDue, data);
    if (!parsed.success) throw new Error(parsed.error);
    return this.dueFinder.run(parsed.data.marketplace);
  }
}
