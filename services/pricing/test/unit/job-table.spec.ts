import { JobNames, Queues } from '@pt/contracts';
import { jobTable } from '../../src/jobs/job-table';
import { ObservationBatcher } from '../../src/services/observation-batcher';
import type { Observation } from '../../src/services/observation';

const noop = async () => undefined;

describe(jobTable.name, () => {
  it('builds the handler table per queue', () => {
    const table = jobTable([
      { queue: Queues.pollScheduler, name: JobNames.pollDue, handle: noop },
      { queue: Queues.pollEbay, name: JobNames.pollBatch, handle: noop },
      { queue: Queues.pollEbay, name: JobNames.pollDue, handle: noop },
    ]);
    expect(Object.keys(table.get(Queues.pollEbay)!).sort()).toEqual(['poll-batch', 'poll-due']);
  });

  it('refuses a job name with two handlers', () => {
    expect(() =>
      jobTable([
        { queue: Queues.pollScheduler, name: JobNames.pollDue, handle: noop },
        { queue: Queues.pollScheduler, name: JobNames.pollDue, handle: noop },
      ]),
    ).toThrow('two handlers');
  });

  it('refuses a queue whose contract job has no handler', () => {
    expect(() => jobTable([{ queue: Queues.pollEbay, name: JobNames.pollBatch, handle: noop }])).toThrow(
      'no handler for poll-due',
    );
  });
});

describe(ObservationBatcher.name, () => {
  const obs = (n: number) => ({ eventId: String(n) }) as Observation;

  it('groups what arrives in one turn into one batch and answers each caller with its outcome', async () => {
    const batches: number[] = [];
    const sut = new ObservationBatcher(
      async (list) => {
        batches.push(list.length);
        return {
          outcomes: list.map((o) => (Number(o.eventId) % 2 ? 'recorded' : 'deduplicated')),
          changes: [],
        };
      },
      { maxBatch: 4 },
    );
    const outcomes = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => sut.submit(obs(n))));
    expect(outcomes).toEqual([
      'recorded',
      'deduplicated',
      'recorded',
      'deduplicated',
      'recorded',
      'deduplicated',
    ]);
    expect(batches).toEqual([4, 2]);
  });

  it('fails every caller of a failed batch, so the bus retries each event', async () => {
    const sut = new ObservationBatcher(async () => {
      throw new Error('deadlock detected');
    });
    const results = await Promise.allSettled([sut.submit(obs(1)), sut.submit(obs(2))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
