import { isMarketplaceRateLimitMessage } from '@pt/domain';
import { z } from 'zod';
import { EbayApiError, type MarketplaceErrorCode } from '../errors';
import type { HttpFailure, HttpResponse } from '../http';

/** The Browse API error envelope: `{"errors":[{"errorId":…,"domain":…,"category":…,"message":…}]}`. */
const ebayErrorEnvelope = z.object({
  errors: z
    .array(
      z.object({
        errorId: z.coerce.number().optional().catch(undefined),
        domain: z.string().optional().catch(undefined),
        category: z.string().optional().catch(undefined),
        message: z.string().optional().catch(undefined),
        longMessage: z.string().optional().catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
});

export interface EbayErrorDetail {
  errorIds: number[];
  message: string;
}

/** Error ids that mean "no such item" on item lookups (11001 item gone, 11003 legacy id unknown, 11006 group parent). */
export const EBAY_NOT_FOUND_ERROR_IDS = [11001, 11002, 11003, 11006] as const;
/** eBay's 429 body: errorId 2001 "Too many requests." */
export const EBAY_RATE_LIMIT_ERROR_ID = 2001;
/** Invalid or expired access token. */
export const EBAY_INVALID_TOKEN_ERROR_ID = 1001;

export function readEbayErrors(body: string | undefined): EbayErrorDetail {
  if (!body) return { errorIds: [], message: '' };
  try {
    const parsed = ebayErrorEnvelope.safeParse(JSON.parse(body));
    const errors = parsed.success ? (parsed.data.errors ?? []) : [];
    return {
      errorIds: errors.map((e) => e.errorId).filter((id): id is number => typeof id === 'number'),
      message: errors
        .map((e) => e.longMessage ?? e.message ?? '')
        .filter(Boolean)
        .join('; '),
    };
  } catch {
    return { errorIds: [], message: body.slice(0, 200) };
  }
}

export function ebayHttpFailure(failure: HttpFailure): EbayApiError {
  const code: MarketplaceErrorCode =
    failure.kind === 'server'
      ? 'unavailable'
      : failure.kind === 'rate_limited'
        ? 'rate_limited'
        : failure.kind;
  const detail = failure.details.body
    ? readEbayErrors(failure.details.body).message || failure.message
    : failure.message;
  return new EbayApiError({
    code,
    detail,
    status: failure.details.status,
    retryAfterMs: failure.details.retryAfterMs,
    cause: failure,
  });
}

/** A non-2xx answer below 500 (and not 429, which the transport handles) as an EbayApiError. */
export function ebayStatusError(response: HttpResponse): EbayApiError {
  const { errorIds, message } = readEbayErrors(response.body);
  const detail = message || `HTTP ${response.status}`;
  let code: MarketplaceErrorCode;
  if (
    errorIds.some((id) => (EBAY_NOT_FOUND_ERROR_IDS as readonly number[]).includes(id)) ||
    response.status === 404
  )
    code = 'not_found';
  else if (errorIds.includes(EBAY_RATE_LIMIT_ERROR_ID) || isMarketplaceRateLimitMessage(message))
    code = 'rate_limited';
  else if (response.status === 401 || response.status === 403) code = 'auth';
  else if (response.status === 400 || response.status === 409) code = 'bad_request';
  else code = 'api_error';
  return new EbayApiError({ code, detail, status: response.status });
}
