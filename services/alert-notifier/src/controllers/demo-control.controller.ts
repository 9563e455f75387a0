import { Controller, Inject } from '@nestjs/common';
import type {
  DemoAvailabilityRequest,
  DemoAvailabilityResponse,
  DemoPinPriceRequest,
  DemoPinResponse,
} from '@pt/contracts';
import { productIdProblem } from '@pt/domain';
import { AppError, Endpoint, Input } from '@pt/platform';
import type { DemoControl } from '../services/demo-control.service';
import { DEMO_CONTROL } from '../tokens';

/**
 * Demo control: an admin pins a demo listing's price (USD) from now on, so a drop
 * — and its alert email — can be watched within a minute instead of waiting for the demo's random
 * drops. An admin also makes a demo listing unavailable (the demo marketplace answers for it as
 * for a listing gone or out of stock, so pricing's poll marks it) and available again, to watch a
 * back-in-stock alert. Only while a demo marketplace runs; 404 otherwise.
 */
@Controller()
export class DemoControlController {
  constructor(@Inject(DEMO_CONTROL) private readonly demo: DemoControl) {}

  @Endpoint('PUT /api/v1/admin/demo/products/{id}/price')
  pin(
    @Input('params') { id }: { id: string },
    @Input('body') { price }: DemoPinPriceRequest,
  ): Promise<DemoPinResponse> {
    return this.apply(id, price);
  }

  @Endpoint('DELETE /api/v1/admin/demo/products/{id}/price')
  unpin(@Input('params') { id }: { id: string }): Promise<DemoPinResponse> {
    return this.apply(id, null);
  }

  @Endpoint('PUT /api/v1/admin/demo/products/{id}/availability')
  async availability(
    @Input('params') { id }: { id: string },
    @Input('body') { available }: DemoAvailabilityRequest,
  ): Promise<DemoAvailabilityResponse> {
    checkProductId(id);
    const result = await this.demo.setAvailability(id, available);
    if (!result) throw AppError.notFound('No such demo product', 'unknown_product');
    return result;
  }

  private async apply(id: string, price: number | null): Promise<DemoPinResponse> {
    checkProductId(id);
    const result = await this.demo.setPrice(id, price);
    if (!result) throw AppError.notFound('No such demo product', 'unknown_product');
    return result;
  }
}

function checkProductId(id: string): void {
  const problem = productIdProblem(id);
  if (problem) throw AppError.badRequest(problem, undefined, 'invalid_product_id');
}
