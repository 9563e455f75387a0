import { Body, Controller, Delete, Headers, Inject, Param, Put } from '@nestjs/common';
import {
  DemoAvailabilityRequestSchema,
  DemoPinPriceRequestSchema,
  type DemoAvailabilityResponse,
  type DemoPinResponse,
} from '@pt/contracts';
import { productIdProblem } from '@pt/domain';
import { AppError, parseRequest } from '@pt/platform';
import type { DemoControl } from '../services/demo-control.service';
import { DEMO_CONTROL } from '../tokens';
import { signedInAdmin, type HeaderBag } from './current-user';

/**
 * Demo control: an admin pins a demo listing's price (USD) from now on, so a drop
 * — and its alert email — can be watched within a minute instead of waiting for the demo's random
 * drops. An admin also makes a demo listing unavailable (the demo marketplace answers for it as
 * for a listing gone or out of stock, so pricing's poll marks it) and available again, to watch a
 * back-in-stock alert. Only while a demo marketplace runs; 404 otherwise.
 */
@Controller('api/v1/admin/demo/products')
export class DemoControlController {
  constructor(@Inject(DEMO_CONTROL) private readonly demo: DemoControl) {}

  @Put(':id/price')
  async pin(
    @Headers() headers: HeaderBag,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<DemoPinResponse> {
    await signedInAdmin(headers);
    const { price } = parseRequest(DemoPinPriceRequestSchema, body, 'request body');
    return this.apply(id, price);
  }

  @Delete(':id/price')
  async unpin(@Headers() headers: HeaderBag, @Param('id') id: string): Promise<DemoPinResponse> {
    await signedInAdmin(headers);
    return this.apply(id, null);
  }

  @Put(':id/availability')
  async availability(
    @Headers() headers: HeaderBag,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<DemoAvailabilityResponse> {
    await signedInAdmin(headers);
    const { available } = parseRequest(DemoAvailabilityRequestSchema, body, 'request body');
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
