import { Injectable } from '@nestjs/common';
import { JobNames, parseJobPayload } from '@pt/contracts';
import { PollerService, type PollOutcome } from '../services/poller.service';

/** `poll-batch` on `poll:<marketplace>`: one API call's worth of listings. */
@Injectable()
export class PollBatchJob {
  readonly name = JobNames.pollBatch;

  constructor(private readonly poller: PollerService) {}

  async handle(data: unknown): Promise<PollOutcome> {
    const parsed = parseJobPayload(JobNames.pollBatch, data);
    if (!parsed.success) throw new Error(parsed.error);
    return this.poller.poll(parsed.data);
  }
}
