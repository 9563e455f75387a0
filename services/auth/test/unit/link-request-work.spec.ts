import type { Database, Queryable } from '@pt/platform';
import { LinkRequestsRepository } from '../../src/repositories/link-requests.repository';
import { OneTimeTokensRepository } from '../../src/repositories/one-time-tokens.repository';
import { UsersRepository } from '../../src/repositories/users.repository';
import { EmailLinksService } from '../../src/services/email-links.service';
import type { LinkRequestsProcessor } from '../../src/services/link-requests.processor';
import type { RateLimitsService } from '../../src/services/rate-limits.service';
import { RegistrationService, type RequestContext } from '../../src/services/registration.service';
import { testConfig } from '../support/auth-host';

const NOW = new Date('2026-01-15T12:00:00Z');
const user = (email: string, confirmed: boolean) => ({
  id: '6f1c1f0e-6d1a-4d53-9a43-2a0d6f0c0001',
  email,
  encrypted_password: 'x',
  email_confirmed_at: confirmed ? NOW : null,
  confirmation_sent_at: NOW,
  app_metadata: {},
  user_metadata: {},
  last_sign_in_at: null,
  created_at: NOW,
  updated_at: NOW,
});

/**
 * A database holding a pending and a confirmed account, recording every statement it is sent (in
 * or out of a transaction), so two requests' work can be compared statement by statement.
 */
function recordingDatabase(statements: string[]): Database {
  const accounts = new Map([
    ['pending@example.com', user('pending@example.com', false)],
    ['confirmed@example.com', user('confirmed@example.com', true)],
  ]);
  const query: Queryable['query'] = async (sql: string, params?: unknown[]) => {
    statements.push(sql.replace(/\s+/g, ' ').trim());
    const found = /from "auth"\."users" where "email"/.test(sql)
      ? accounts.get(String(params?.[0]))
      : undefined;
    return { rows: found ? [found] : [], rowCount: found ? 1 : 0 } as never;
  };
  const exec: Queryable['exec'] = async (sql: string) => void statements.push(sql);
  const tx: Queryable = { query, exec };
  return {
    kind: 'postgres',
    query,
    exec,
    transaction: async (fn) => (statements.push('BEGIN'), fn(tx)),
    withLock: async (_key, fn) => fn(tx),
    ping: async () => undefined,
    close: async () => undefined,
  } as Database;
}

function registration(statements: string[]) {
  const db = recordingDatabase(statements);
  const users = new UsersRepository(db);
  const tokens = new OneTimeTokensRepository(db);
  const config = testConfig();
  const limits = {
    request: async () => undefined,
    email: async () => undefined,
  } as unknown as RateLimitsService;
  const processor = { nudge: () => undefined } as unknown as LinkRequestsProcessor;
  const unused = {} as never;
  return new RegistrationService(
    db,
    config,
    { now: () => NOW },
    users,
    unused,
    tokens,
    unused,
    limits,
    unused,
    new EmailLinksService(config, users, tokens),
    new LinkRequestsRepository(db),
    processor,
  );
}

const ctx = { ip: '198.51.100.7', externalUrl: 'http://auth.test' } as RequestContext;

describe('resend and recover do the same work for every address', () => {
  it.each(['recover', 'resend'] as const)(
    '%s: the same statements for a new, a pending and a confirmed address',
    async (call) => {
      const work: Record<string, string[]> = {};
      for (const email of ['new@example.com', 'pending@example.com', 'confirmed@example.com']) {
        const statements: string[] = [];
        await registration(statements)[call](email, undefined, ctx);
        work[email] = statements;
      }
      // One queued row each, the address not even looked up: the answer time cannot tell them apart.
      expect(work['new@example.com']).toEqual([
        expect.stringMatching(/^insert into "auth"\."link_requests" /),
      ]);
      expect(work['pending@example.com']).toEqual(work['new@example.com']);
      expect(work['confirmed@example.com']).toEqual(work['new@example.com']);
    },
  );
});
