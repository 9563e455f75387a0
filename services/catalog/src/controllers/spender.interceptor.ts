import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { spendAs, type Spender } from '@pt/marketplaces';
import { addressGroupKey, verifiedService, verifiedUser } from '@pt/platform';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { clientIp } from '../services/client-ip';
import { TrackedShoppersService } from '../services/tracked-shoppers.service';
import { clientKey } from './client-limit.guard';

/**
 * Runs each request of a route that can cost marketplace calls as its client:
 * every upstream call it causes comes out of that client's and its neighbourhood's share, and only
 * a signed-in user with tracked items may spend the reserved floor of a budget. Another service's
 * call counts as the user it acts for, else as that service.
 */
@Injectable()
export class SpenderInterceptor implements NestInterceptor {
  constructor(private readonly shoppers: TrackedShoppersService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const spender = await this.spenderOf(context.switchToHttp().getRequest<Request>());
    // The handler runs on subscribe: subscribing inside spendAs puts its whole async chain there.
    return new Observable((subscriber) => spendAs(spender, () => next.handle().subscribe(subscriber)));
  }

  private async spenderOf(req: Request): Promise<Spender> {
    const client = clientKey(req);
    const user = verifiedUser(req.headers);
    if (user) return { client, group: client, reserved: await this.reservedUser(user.id) };
    // A service acting for no user is a client of its own, not its pod's (or loopback's) address.
    if (verifiedService(req.headers)) return { client, group: client, reserved: false };
    const ip = clientIp(req);
    return { client, group: ip ? addressGroupKey(ip) : client, reserved: false };
  }

  /** A broken projection read makes the user an ordinary shopper, not a failed request. */
  private async reservedUser(userId: string): Promise<boolean> {
    return this.shoppers.hasTracked(userId).catch(() => false);
  }
}
