import {
  AUTO_REFRESH_TICK_DURATION_MS,
  AUTO_REFRESH_TICK_THRESHOLD,
  EXPIRY_MARGIN_MS,
} from '@supabase/auth-js/dist/main/lib/constants';
import { SESSION_REFRESH_MARGIN_MS, SESSION_REFRESH_MARGIN_TICKS, SESSION_REFRESH_TICK_MS } from '@pt/domain';

/**
 * §9 session timing is run by the auth client the app uses unmodified (@supabase/auth-js), not by
 * code of ours: this holds its loop to the spec's figures, so an upgrade that changes them fails here.
 */
describe('§9 session refresh timing of the auth client', () => {
  it('ticks every 30 s and refreshes when 3 ticks (90 s) or fewer remain', () => {
    expect(AUTO_REFRESH_TICK_DURATION_MS).toBe(SESSION_REFRESH_TICK_MS);
    expect(AUTO_REFRESH_TICK_THRESHOLD).toBe(SESSION_REFRESH_MARGIN_TICKS);
    expect(EXPIRY_MARGIN_MS).toBe(SESSION_REFRESH_MARGIN_MS);
  });
});
