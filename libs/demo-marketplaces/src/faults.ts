import type { DemoMarketplace } from './catalog';

export const FAULT_KINDS = ['429', '500', 'slow', 'malformed', 'bad-signature', 'none'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  marketplace: DemoMarketplace;
  /**
   * 429: eBay answers 429 (errorId 2001, Retry-After when retryAfterS is set); AliExpress answers
   * HTTP 200 with error_response ApiCallLimit ("this ban will last N seconds"), as it really does.
   * 500: HTTP 500 with the marketplace's error body. slow: waits delayMs, then answers normally.
   * malformed: HTTP 200 with truncated JSON. bad-signature: AliExpress IncompleteSignature whatever
   * the sign; eBay 401 errorId 1001 (token refused). none: clears the marketplace's fault.
   */
  kind: FaultKind;
  /** How many of the next calls it affects. Default 1; Infinity until cleared. */
  times?: number;
  /** For slow: how long to wait. Default 2,000 ms. */
  delayMs?: number;
  /** For 429: the Retry-After (eBay header) / ban length (AliExpress message), in seconds. */
  retryAfterS?: number;
  /** eBay: which calls it hits, the API (default), the token endpoint, or both. */
  target?: 'api' | 'token' | 'any';
}

interface ActiveFault extends FaultSpec {
  remaining: number;
}

/** One active fault per marketplace; each call it hits uses up one of its `times`. */
export class DemoFaults {
  private readonly active = new Map<DemoMarketplace, ActiveFault>();

  set(spec: FaultSpec): void {
    if (spec.kind === 'none') {
      this.active.delete(spec.marketplace);
      return;
    }
    this.active.set(spec.marketplace, { ...spec, remaining: spec.times ?? 1 });
  }

  clear(marketplace?: DemoMarketplace): void {
    if (marketplace) this.active.delete(marketplace);
    else this.active.clear();
  }

  /** The fault still waiting for the marketplace, if any (without using it up). */
  pending(marketplace: DemoMarketplace): (Readonly<FaultSpec> & { remaining: number }) | undefined {
    return this.active.get(marketplace);
  }

  /** Takes one use of the marketplace's fault for a call of the given kind. */
  take(marketplace: DemoMarketplace, call: 'api' | 'token'): ActiveFault | undefined {
    const fault = this.active.get(marketplace);
    if (!fault) return undefined;
    const target = fault.target ?? 'api';
    if (target !== 'any' && target !== call) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.active.delete(marketplace);
    return { ...fault };
  }
}

export interface DemoRequest {
  marketplace: DemoMarketplace;
  /** eBay: token | search | item | items | item_by_legacy_id | unknown. AliExpress: the API method name. */
  operation: string;
  method: string;
  path: string;
  status: number;
  at: number;
  fault?: FaultKind;
  /** eBay X-EBAY-C-MARKETPLACE-ID / X-EBAY-C-ENDUSERCTX as received. */
  ebayMarketplaceId?: string;
  endUserContext?: string;
  /** All parameters as received (AliExpress: query and form merged; eBay: the query string). */
  params: Record<string, string>;
}

/** Every request the demo servers answered, for tests that count calls. */
export class DemoRequestLog {
  private readonly entries: DemoRequest[] = [];

  record(entry: DemoRequest): void {
    this.entries.push(entry);
    if (this.entries.length > 10_000) this.entries.splice(0, this.entries.length - 10_000);
  }

  list(filter: Partial<Pick<DemoRequest, 'marketplace' | 'operation' | 'status'>> = {}): DemoRequest[] {
    return this.entries.filter(
      (e) =>
        (filter.marketplace === undefined || e.marketplace === filter.marketplace) &&
        (filter.operation === undefined || e.operation === filter.operation) &&
        (filter.status === undefined || e.status === filter.status),
    );
  }

  count(filter: Partial<Pick<DemoRequest, 'marketplace' | 'operation' | 'status'>> = {}): number {
    return this.list(filter).length;
  }

  /** eBay tokens minted successfully. */
  tokenMints(): number {
    return this.count({ marketplace: 'ebay', operation: 'token', status: 200 });
  }

  clear(): void {
    this.entries.length = 0;
  }
}
