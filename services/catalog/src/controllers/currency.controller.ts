import { Controller } from '@nestjs/common';
import type { CurrencyConvertRequest, CurrencyConvertResponse } from '@pt/contracts/catalog-api';
import { Endpoint, Input } from '@pt/platform';
import { CurrencyService } from '../services/currency.service';

@Controller()
export class CurrencyController {
  constructor(private readonly currency: CurrencyService) {}

  /** A computation, not a resource: 200 (the entry's status), not Nest's default 201 for POST. */
  @Endpoint('POST /api/v1/currency/convert')
  convert(@Input('body') body: CurrencyConvertRequest): Promise<CurrencyConvertResponse> {
    return this.currency.convert(body);
  }
}
